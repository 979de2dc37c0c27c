import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Room for 1,000 connections opened at once (Node's default backlog, 511, makes the rest retry their SYN a second or more later). */
const BACKLOG = 2048;

/** Serves `listener` on a free loopback port; `close()` also drops kept-alive connections. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: BACKLOG }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
