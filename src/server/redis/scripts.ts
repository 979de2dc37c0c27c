/**
 * The Lua scripts of RedisStore: each multi-step operation runs as one script, so that it is
 * atomic across the fleet (never a check then a set). Times come from the Redis server's clock,
 * the one clock the whole fleet shares.
 *
 * A cached status is a hash { json, end ('1' for an end state), fetchedAt }. A job is a hash
 * { done, holder, lease, due, attempts, again }: `again` records an enqueue while it was held.
 * The due index is a sorted set of job names scored by when each job can next be taken.
 */

import { followScripts } from './follow-scripts.js';
import { limitScripts } from './limit-script.js';
import { sessionScripts } from './session-scripts.js';

export interface ScriptDefinition {
  numberOfKeys: number;
  lua: string;
}

const clock = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * KEYS: status hash. ARGV: json, '1' when an end state, fetchedAt, ttlMs, the written channel, uuid.
 * Returns the stored json. A write tells it on the written channel in the same step, as a status
 * message ({ uuid, cached }, the json as written), so that every process's near cache takes it
 * (docs/fleet.md).
 */
const writeStatus = `
local storedEnd, storedAt, storedJson = unpack(redis.call('HMGET', KEYS[1], 'end', 'fetchedAt', 'json'))
if storedJson and (storedEnd == '1' or (ARGV[2] == '0' and tonumber(storedAt) > tonumber(ARGV[3]))) then
  return storedJson
end
redis.call('HSET', KEYS[1], 'json', ARGV[1], 'end', ARGV[2], 'fetchedAt', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], '{"uuid":' .. cjson.encode(ARGV[6]) .. ',"cached":' .. ARGV[1] .. '}')
return ARGV[1]
`;

/** KEYS: job hash, due index. ARGV[1]: the job's name. Reads the job, and the clock. */
const job = `${clock}
local job, index, name = KEYS[1], KEYS[2], ARGV[1]
local done, holder, lease, due, attempts, again =
  unpack(redis.call('HMGET', job, 'done', 'holder', 'lease', 'due', 'attempts', 'again'))
-- Scores the job in the due index, which lives as long as its longest-lived job.
local function schedule(at)
  redis.call('ZADD', index, at, name)
  local ttl = redis.call('PTTL', job)
  if redis.call('PTTL', index) < ttl then redis.call('PEXPIRE', index, ttl) end
end
`;

/** ARGV[2]: ttlMs. */
const enqueueJob = `${job}
if done then return end
local at
if holder then
  redis.call('HSET', job, 'again', 1)
  at = tonumber(lease)
else
  at = math.min(tonumber(due) or now, now)
  redis.call('HSET', job, 'due', at)
end
redis.call('PEXPIRE', job, ARGV[2])
schedule(at)
`;

/** ARGV[2]: holder, ARGV[3]: leaseMs. Returns { 'taken', attempts } or { reason }. */
const takeJob = `${job}
if redis.call('EXISTS', job) == 0 then return { 'absent' } end
if done then return { 'done' } end
if holder then
  if tonumber(lease) > now then return { 'held' } end
elseif tonumber(due) > now then
  return { 'waiting' }
end
local leaseUntil = now + tonumber(ARGV[3])
redis.call('HSET', job, 'holder', ARGV[2], 'lease', leaseUntil)
redis.call('HDEL', job, 'again')
schedule(leaseUntil)
return { 'taken', tonumber(attempts) or 0 }
`;

/** ARGV[2]: holder, ARGV[3]: leaseMs. Returns 1 when renewed. */
const renewJob = `${job}
if holder ~= ARGV[2] then return 0 end
local leaseUntil = now + tonumber(ARGV[3])
redis.call('HSET', job, 'lease', leaseUntil)
schedule(leaseUntil)
return 1
`;

/** ARGV[2]: holder, ARGV[3]: delayMs. */
const retryJob = `${job}
if holder ~= ARGV[2] then return end
local at = now
if not again then at = now + tonumber(ARGV[3]) end
redis.call('HDEL', job, 'holder', 'lease', 'again')
redis.call('HSET', job, 'due', at, 'attempts', (tonumber(attempts) or 0) + 1)
schedule(at)
`;

/** ARGV[2]: holder, ARGV[3]: ttlMs of the done mark. */
const finishJob = `${job}
if holder ~= ARGV[2] then return end
redis.call('DEL', job)
redis.call('HSET', job, 'done', 1)
redis.call('PEXPIRE', job, ARGV[3])
redis.call('ZREM', index, name)
`;

/** ARGV[2]: holder. */
const dropJob = `${job}
if holder ~= ARGV[2] then return end
redis.call('DEL', job)
redis.call('ZREM', index, name)
`;

/**
 * KEYS: due index. ARGV: the prefix of job hashes, limit. The names of jobs takeable now,
 * soonest first; names whose job expired are trimmed from the index on the way.
 */
const dueJobs = `${clock}
local found, limit = {}, tonumber(ARGV[2])
while #found < limit do
  local batch = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', #found, limit - #found)
  if #batch == 0 then break end
  for _, name in ipairs(batch) do
    if redis.call('EXISTS', ARGV[1] .. name) == 1 then found[#found + 1] = name
    else redis.call('ZREM', KEYS[1], name) end
  end
end
return found
`;

const jobScript = (lua: string): ScriptDefinition => ({ numberOfKeys: 2, lua });

/** KEYS: the lease. ARGV[1]: holder, ARGV[2]: ms. Makes the holder's lease end ARGV[2] ms from now, sooner or later. */
const resetLease = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

export const scripts = {
  ...sessionScripts,
  ...followScripts,
  ...limitScripts,
  resetLease: { numberOfKeys: 1, lua: resetLease },
  writeStatus: { numberOfKeys: 1, lua: writeStatus },
  enqueueJob: jobScript(enqueueJob),
  takeJob: jobScript(takeJob),
  renewJob: jobScript(renewJob),
  retryJob: jobScript(retryJob),
  finishJob: jobScript(finishJob),
  dropJob: jobScript(dropJob),
  dueJobs: { numberOfKeys: 1, lua: dueJobs },
} satisfies Record<string, ScriptDefinition>;

export type ScriptName = keyof typeof scripts;
