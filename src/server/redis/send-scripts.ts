/**
 * The Lua script of RedisStore's send counts: a transaction's send times (a JSON list, kept for its
 * life) and its owner's (kept for the owner's window), checked and counted in one step on the Redis
 * server's clock, so that a fleet enforces one limit. The same rules as MemoryStore's `MemorySends`.
 */
import type { ScriptDefinition } from './scripts.js';

/**
 * KEYS[1]: the transaction's sends, KEYS[2]: the owner's. ARGV: perTransaction, cooldownMs, perOwner
 * (-1: no limit), ownerWindowMs, keepMs. Returns { 'taken', nextInMs (-1: none left) } or { reason, retryAfterMs }.
 */
const takeSend = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local perTransaction, cooldownMs, perOwner, windowMs, keepMs =
  tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local sent = cjson.decode(redis.call('GET', KEYS[1]) or '[]')
local owned = {}
for _, at in ipairs(cjson.decode(redis.call('GET', KEYS[2]) or '[]')) do
  if at > now - windowMs then owned[#owned + 1] = at end
end
local function ownerFreesIn()
  if perOwner >= 0 and #owned >= perOwner then return owned[#owned - perOwner + 1] + windowMs - now end
  return 0
end
if perTransaction >= 0 and #sent >= perTransaction then return { 'too_many_sends', math.max(0, redis.call('PTTL', KEYS[1])) } end
local last = sent[#sent]
if last and last + cooldownMs > now then return { 'cooldown', last + cooldownMs - now } end
if ownerFreesIn() > 0 then return { 'too_many_owner_sends', ownerFreesIn() } end
sent[#sent + 1] = now
owned[#owned + 1] = now
redis.call('SET', KEYS[1], cjson.encode(sent), 'PX', math.max(keepMs, redis.call('PTTL', KEYS[1])))
redis.call('SET', KEYS[2], cjson.encode(owned), 'PX', windowMs)
if perTransaction >= 0 and #sent >= perTransaction then return { 'taken', -1 } end
return { 'taken', math.max(cooldownMs, ownerFreesIn()) }
`;

export const sendScripts = {
  takeSend: { numberOfKeys: 2, lua: takeSend },
} satisfies Record<string, ScriptDefinition>;
