/**
 * The Lua scripts of RedisStore's session ledgers: one JSON value per owner, `{ places: [place] }`, where a place is a reservation `{ id, holdUntil }`
 * or a created transaction `{ id, session, expiresAt, keepUntil }`. Each script reads, prunes and
 * writes the ledger in one step, on the Redis server's clock, so that a fleet enforces one limit.
 */
import type { ScriptDefinition } from './scripts.js';

/** KEYS[1]: the owner's ledger. ARGV[1]: the prefix of status hashes. Reads and prunes the ledger. */
const ledger = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local statusPrefix = ARGV[1]
local ledger = cjson.decode(redis.call('GET', KEYS[1]) or '{"places":[]}')
local function pending(place)
  if place.holdUntil then return place.holdUntil > now end
  return place.expiresAt > now and redis.call('HGET', statusPrefix .. place.session.uuid, 'end') ~= '1'
end
local kept = {}
for i, place in ipairs(ledger.places) do
  local keep
  if place.holdUntil then
    keep = place.holdUntil > now
  else
    local newer = false
    for j = i + 1, #ledger.places do
      local later = ledger.places[j]
      if later.session and later.session.key == place.session.key then newer = true end
    end
    keep = place.keepUntil > now and (not newer or pending(place))
  end
  if keep then kept[#kept + 1] = place end
end
ledger.places = kept
local function withoutPlace(id)
  local others = {}
  for _, place in ipairs(ledger.places) do
    if place.id ~= id then others[#others + 1] = place end
  end
  ledger.places = others
end
local function save()
  local keepUntil = -math.huge
  for _, place in ipairs(ledger.places) do keepUntil = math.max(keepUntil, place.holdUntil or place.keepUntil) end
  if keepUntil > now then
    redis.call('SET', KEYS[1], cjson.encode(ledger), 'PX', math.ceil(keepUntil - now))
  else
    redis.call('DEL', KEYS[1])
  end
end
`;

/** ARGV[2]: the place's id, ARGV[3]: maxPending (-1: no limit), ARGV[4]: holdMs. Returns { 'reserved' } or { 'too_many_pending', retryAfterMs }. */
const reserveSession = `${ledger}
local id, maxPending, holdMs = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local count, freedAt = 0, math.huge
for _, place in ipairs(ledger.places) do
  if pending(place) then
    count = count + 1
    freedAt = math.min(freedAt, place.holdUntil or place.expiresAt)
  end
end
if maxPending >= 0 and count >= maxPending then return { 'too_many_pending', freedAt - now } end
ledger.places[#ledger.places + 1] = { id = id, holdUntil = now + holdMs }
save()
return { 'reserved' }
`;

/** ARGV[2]: the place's id, ARGV[3]: the session's JSON, ARGV[4]: expiresInMs, ARGV[5]: keepMs. */
const confirmSession = `${ledger}
withoutPlace(ARGV[2])
ledger.places[#ledger.places + 1] = {
  id = ARGV[2], session = cjson.decode(ARGV[3]), expiresAt = now + tonumber(ARGV[4]), keepUntil = now + tonumber(ARGV[5])
}
save()
`;

/** ARGV[2]: the place's id. */
const releaseSession = `${ledger}
withoutPlace(ARGV[2])
save()
`;

/** ARGV[2]: the key. Returns the JSON of the newest session of that key, or nil. */
const latestSession = `${ledger}
for i = #ledger.places, 1, -1 do
  local place = ledger.places[i]
  if place.session and place.session.key == ARGV[2] then return cjson.encode(place.session) end
end
return nil
`;

/** KEYS: the lease. ARGV[1]: holder. Deletes the lease when it is the holder's. */
const release = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
`;

export const sessionScripts = {
  reserveSession: { numberOfKeys: 1, lua: reserveSession },
  confirmSession: { numberOfKeys: 1, lua: confirmSession },
  releaseSession: { numberOfKeys: 1, lua: releaseSession },
  latestSession: { numberOfKeys: 1, lua: latestSession },
  release: { numberOfKeys: 1, lua: release },
} satisfies Record<string, ScriptDefinition>;
