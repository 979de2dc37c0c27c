/**
 * The floor under a status stream's memory: node:http holding Server-Sent Events connections and
 * nothing else (one status event when opened, a ping every 15 s), in its own process, with the
 * instance's `GET /bench/counts` (memory after a full garbage collection, streams open).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { listen } from '../lib/http.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
let openStreams = 0;
const server = await listen((req, res) => {
  if (req.url === '/bench/counts') {
    collectGarbage();
    const { heapUsed, rss } = process.memoryUsage();
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ heapUsed, rss, openStreams }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
  res.write('retry: 3000\n\nid: 0\nevent: status\ndata: {}\n\n');
  openStreams++;
  const heartbeat = setInterval(() => res.write('event: ping\ndata: {}\n\n'), 15_000);
  res.once('close', () => {
    openStreams--;
    clearInterval(heartbeat);
  });
});
console.log(`bench bare SSE server listening on ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
