/**
 * A process of a fleet, for the cross-process test of RedisStore.writeStatus: writes `count`
 * pending statuses for uuid 'u' read at fetchedAt = offset, offset + 2, offset + 4, …, and the end
 * `successful` as its write number `endAt` (-1: none), then prints what each write returned. It
 * prints `ready` once connected and starts writing on a line from stdin, so that the processes
 * of a test write at the same time.
 * Usage: node --import tsx status-writer.ts <url> <prefix> <offset> <count> <endAt>
 */
import { once } from 'node:events';
import { RedisStore } from '../../src/server/redis/index.js';
import { cached } from '../server/store-contract.js';

const [url, prefix, offset, count, endAt] = process.argv.slice(2);
const store = new RedisStore({ url: url!, prefix: prefix! });
await store.getStatus('u');
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();

const returned: [string, number][] = [];
for (let i = 0; i < Number(count); i++) {
  const fetchedAt = Number(offset) + 2 * i;
  const next = cached(i === Number(endAt) ? 'successful' : 'pending', fetchedAt);
  const stored = await store.writeStatus('u', next, 60_000);
  returned.push([stored.status.state, stored.fetchedAt]);
}
await store.close();
process.stdout.write(JSON.stringify(returned) + '\n');
