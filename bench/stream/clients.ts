/**
 * Status streams' clients in a process of their own (its own file limit, its own event loop): each a
 * raw socket that sends the GET and counts `event: status` in what comes back, so a client costs a
 * socket and a counter, not a fetch and a web stream. Prints `open <ms>` once every stream has had
 * its first status event; with `watchChange`, then `received <json>`: when (epoch ms) each got its
 * next status event, within `changeTimeoutMs`. Stays until killed.
 */
import { connect, type Socket } from 'node:net';

export interface ClientsOptions {
  /** The instance's ports' URLs: stream i goes to `urls[i % urls.length]`. */
  urls: string[];
  paths: string[];
  count: number;
  watchChange: boolean;
  changeTimeoutMs: number;
}

/** Streams opened at once, at most: more would overflow the listen backlog, as a real crowd arrives over time. */
const OPENING_AT_ONCE = 200;
const STATUS_EVENT = 'event: status\n';

const { urls, paths, count, watchChange, changeTimeoutMs } = JSON.parse(process.argv[2]!) as ClientsOptions;
const ports = urls.map((url) => new URL(url));
const sockets: Socket[] = [];
const received: number[] = [];

/** Opens one stream; resolves at its first status event. */
const open = (path: string, { hostname, port }: URL) =>
  new Promise<void>((opened, failed) => {
    const socket = connect(Number(port), hostname);
    sockets.push(socket);
    let events = 0;
    // The end of the last chunk, in case the marker is split between two.
    let tail = '';
    socket.setEncoding('utf8');
    socket.on('error', failed);
    socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      for (let at = text.indexOf(STATUS_EVENT); at !== -1; at = text.indexOf(STATUS_EVENT, at + 1)) {
        if (++events === 1) opened();
        else if (events === 2) received.push(performance.timeOrigin + performance.now());
      }
      tail = text.slice(-STATUS_EVENT.length + 1);
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  });

const started = performance.now();
for (let batch = 0; batch < count; batch += OPENING_AT_ONCE) {
  await Promise.all(
    Array.from({ length: Math.min(OPENING_AT_ONCE, count - batch) }, (_, index) =>
      open(paths[(batch + index) % paths.length]!, ports[(batch + index) % ports.length]!),
    ),
  );
}
process.stdout.write(`open ${performance.now() - started}\n`);
if (watchChange) {
  const deadline = Date.now() + changeTimeoutMs;
  while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(`received ${JSON.stringify(received)}\n`);
}
