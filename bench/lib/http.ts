import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  /** Every port's URL, `url` first. */
  urls: string[];
  close(): Promise<void>;
}

/** Room for 1,000 connections opened at once (Node's default backlog, 511, makes the rest retry their SYN a second or more later). */
const BACKLOG = 2048;

/**
 * Serves `listener` on a free loopback port, or on `ports` of them (one address takes fewer
 * connections from another than its ephemeral ports, some 28,000); `close()` also drops
 * kept-alive connections.
 */
export async function listen(listener: RequestListener, { ports = 1 } = {}): Promise<Listening> {
  const servers = await Promise.all(Array.from({ length: ports }, () => listenOnce(listener)));
  const urls = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    url: urls[0]!,
    urls,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

async function listenOnce(listener: RequestListener): Promise<Server> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, () => resolve());
  });
  return server;
}
