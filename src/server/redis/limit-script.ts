/**
 * The Lua script of `Store.hit` on Redis: a sliding log per key, a list of hit times (oldest
 * first) on the Redis server's clock, pruned, checked and counted in one step, so that a fleet
 * enforces one limit. The same rules as MemoryStore's `SlidingLogs`.
 */
import type { ScriptDefinition } from './scripts.js';

/**
 * KEYS[1]: the log. ARGV: limit, windowMs, cost (negative: gives back the newest hits).
 * Returns { allowed (1 or 0), remaining, retryAfterMs }.
 */
const hit = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local log, limit, windowMs, cost = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
while true do
  local oldest = redis.call('LINDEX', log, 0)
  if not oldest or tonumber(oldest) > now - windowMs then break end
  redis.call('LPOP', log)
end
local count = redis.call('LLEN', log)
if cost < 0 then
  for _ = 1, math.min(-cost, count) do redis.call('RPOP', log) end
elseif count + cost > limit then
  local freeing = redis.call('LINDEX', log, count + cost - limit - 1)
  local retryAfterMs = windowMs
  if freeing and count + cost - limit <= count then retryAfterMs = tonumber(freeing) + windowMs - now end
  return { 0, math.max(0, limit - count), retryAfterMs }
else
  for _ = 1, cost do redis.call('RPUSH', log, now) end
end
count = redis.call('LLEN', log)
if count > 0 then
  redis.call('PEXPIRE', log, tonumber(redis.call('LINDEX', log, -1)) + windowMs - now)
end
return { 1, math.max(0, limit - count), 0 }
`;

export const limitScripts = {
  hit: { numberOfKeys: 1, lua: hit },
} satisfies Record<string, ScriptDefinition>;
