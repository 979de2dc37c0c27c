/** A redis-server of the tests' own for one test file, and a client of it: started before its tests, stopped after them. */
import { after, before } from 'node:test';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer, type RedisServerOptions } from './redis-server.js';

export function useRedis(options: RedisServerOptions = {}) {
  let server: RedisServer | undefined;
  let client: Redis | undefined;
  before(async () => {
    server = await startRedisServer(options);
    client = new Redis(server.url);
  });
  after(async () => {
    await client?.quit();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get client() {
      return client!;
    },
  };
}
