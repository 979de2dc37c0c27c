/**
 * One instance of the demo's fleet (`REDIS_URL=… npm start`), forked by fleet.ts: the demo host
 * backend on a free loopback port, on the fleet's Redis. Tells its parent its URL; stops on
 * SIGTERM, or when the parent goes away.
 */
import type { InstanceOptions } from './fleet.js';
import { startDemoHost } from './host.js';

const host = await startDemoHost(JSON.parse(process.argv[2]!) as InstanceOptions);
process.send!({ url: host.url });

const stop = () => void host.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
