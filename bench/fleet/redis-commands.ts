import { Redis } from 'ioredis';

/** What a Redis server has done so far. */
export interface RedisWork {
  /** Commands run: each command a client sent, and each command a Lua script ran (`INFO commandstats` counts those too). */
  commands: number;
  /** redis-server's CPU time, user and system, its children's included, in µs (`INFO cpu`). */
  cpuMicros: number;
}

export async function redisWork(url: string): Promise<RedisWork> {
  const client = new Redis(url);
  try {
    const [stats, cpu] = await Promise.all([client.info('commandstats'), client.info('cpu')]);
    const commands = [...stats.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)].reduce((sum, [, calls]) => sum + Number(calls), 0);
    const seconds = [...cpu.matchAll(/^used_cpu_(?:sys|user)(?:_children)?:([\d.]+)/gm)].reduce((sum, [, used]) => sum + Number(used), 0);
    return { commands, cpuMicros: Math.round(seconds * 1e6) };
  } finally {
    await client.quit();
  }
}
