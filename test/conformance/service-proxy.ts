/**
 * The sandbox behind a proxy that notes when each transaction is read (`GET /v1/transactions/<uuid>`)
 * and can hold a uuid's reads until released: what a host asks of the service, and a slow service.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const READ = /^\/v1\/transactions\/([^/?]+)/;

export async function startServiceProxy(sandboxUrl: string) {
  const reads = new Map<string, number[]>();
  const held = new Map<string, { arrived: number; release: Promise<void> }>();
  const server = createServer(async (req, res) => {
    const uuid = req.method === 'GET' ? READ.exec(req.url!)?.[1] : undefined;
    if (uuid) {
      reads.set(uuid, [...(reads.get(uuid) ?? []), performance.now()]);
      const hold = held.get(uuid);
      if (hold) {
        hold.arrived++;
        await hold.release;
      }
    }
    const answer = await fetch(sandboxUrl + req.url, { method: req.method, headers: headersOf(req), body: await bodyOf(req) });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** When each read of `uuid` arrived (performance.now()), in order. */
    readsOf: (uuid: string) => reads.get(uuid) ?? [],
    /** Holds the reads of `uuid` from now until `release()`; `arrived()` counts those held. */
    hold(uuid: string) {
      let release!: () => void;
      const hold = { arrived: 0, release: new Promise<void>((resolve) => (release = resolve)) };
      held.set(uuid, hold);
      return {
        arrived: () => hold.arrived,
        release: () => {
          held.delete(uuid);
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const { host: _, connection: __, 'content-length': ___, ...headers } = req.headers as Record<string, string>;
  return headers;
}

async function bodyOf(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString() : undefined;
}
