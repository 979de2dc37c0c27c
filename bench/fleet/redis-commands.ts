import { Redis } from 'ioredis';

/**
 * Commands Redis has run so far, by `INFO commandstats`: each command a client sent, and each
 * command a Lua script ran (Redis counts those too).
 */
export async function commandsRun(url: string): Promise<number> {
  const client = new Redis(url);
  try {
    const stats = await client.info('commandstats');
    return [...stats.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)].reduce((sum, [, calls]) => sum + Number(calls), 0);
  } finally {
    await client.quit();
  }
}
