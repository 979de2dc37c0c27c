/**
 * The reconciliation's scripts: which transactions the fleet follows, and when each is next
 * checked. Two sorted sets of uuids: one scored by the next check, one by when following ends
 * (the transaction's record expires). Claiming a due transaction scores its next check a period
 * later in the same step, so one process per period checks it, and one that dies holds nothing.
 */
import type { ScriptDefinition } from './scripts.js';

/** KEYS: the next checks, the ends of following. Reads the clock. */
const followed = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local due, ends = KEYS[1], KEYS[2]
`;

/** ARGV: uuid, dueInMs, ttlMs. Both sets live as long as their longest-followed transaction. */
const follow = `${followed}
local ttl = tonumber(ARGV[3])
redis.call('ZADD', due, now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZADD', ends, now + ttl, ARGV[1])
for _, key in ipairs(KEYS) do
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
`;

/** ARGV: limit, periodMs. Forgets what is followed no longer, then returns up to `limit` due uuids, each due again a period later. */
const claimFollowed = `${followed}
local limit = tonumber(ARGV[1])
local expired = redis.call('ZRANGEBYSCORE', ends, '-inf', now, 'LIMIT', 0, limit)
for _, uuid in ipairs(expired) do
  redis.call('ZREM', due, uuid)
  redis.call('ZREM', ends, uuid)
end
local claimed = redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, limit)
for _, uuid in ipairs(claimed) do redis.call('ZADD', due, now + tonumber(ARGV[2]), uuid) end
return claimed
`;

/** ARGV: uuid. */
const unfollow = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
`;

export const followScripts = {
  follow: { numberOfKeys: 2, lua: follow },
  claimFollowed: { numberOfKeys: 2, lua: claimFollowed },
  unfollow: { numberOfKeys: 2, lua: unfollow },
} satisfies Record<string, ScriptDefinition>;
