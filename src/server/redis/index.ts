/**
 * kyc-verify/server/redis: the Store of a fleet of processes, on Redis. A separate entry so that
 * backends without Redis never install or load its client (ioredis is an optional peer dependency).
 */
export { RedisStore, type RedisStoreOptions } from './redis-store.js';
