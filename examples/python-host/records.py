"""What the host remembers, in memory here (a database in production), bounded: whose each transaction is, the limits per owner, and one service read per uuid per second.

No lock here is ever held across a call to the service: each is held for a few dictionary operations,
and a caller that must wait for another's work waits on that work's Event.
"""

import threading
import time
from collections import OrderedDict, deque
from datetime import datetime


class Refused(Exception):
    """A request the host answers with an error of the protocol: its HTTP status, error code, message and Retry-After (seconds) if any."""

    def __init__(self, status, error, message, retry_after=None):
        super().__init__(message)
        self.status, self.error, self.message, self.retry_after = status, error, message, retry_after


class Limits:
    def __init__(self, max_pending=3, max_created=10, window_seconds=3600, max_records=10_000):
        self.max_pending = max_pending  # transactions an owner may have pending at once
        self.max_created = max_created  # transactions an owner may create per window
        self.window_seconds = window_seconds
        self.max_records = max_records  # transactions remembered, pending and ended
        self.max_owners = 10 * max_records  # owners whose creations within the window are remembered


class Record:
    def __init__(self, owner, link, expires_at):
        self.owner, self.link, self.expires_at = owner, link, expires_at
        self.state = "pending"

    def live(self, now):
        """Pending and not yet past its expiry (an expired one ends whether or not anyone read it)."""
        return self.state == "pending" and now < self.expires_at


def epoch(iso_time):
    return datetime.fromisoformat(iso_time.replace("Z", "+00:00")).timestamp()


class Records:
    """Transactions by uuid (oldest first), the creations under way, each owner's recent creations, and the results."""

    def __init__(self, limits):
        self.limits = limits
        self.lock = threading.Lock()
        self.transactions = OrderedDict()  # uuid -> Record
        self.creating = {}  # owner -> Event, set when their creation under way is recorded (or failed)
        self.created = {}  # owner -> deque of the times (time.time()) of their creations within the window
        self.results = OrderedDict()  # owner -> (uuid, state) of their last transaction that ended: "the app's database"

    def owner_of(self, uuid):
        with self.lock:
            record = self.transactions.get(uuid)
            return record and record.owner

    def pending_of(self, owner):
        """(uuid, link) of the owner's newest live transaction, or None."""
        now = time.time()
        with self.lock:
            for uuid in reversed(self.transactions):
                record = self.transactions[uuid]
                if record.owner == owner and record.live(now):
                    return uuid, record.link
        return None

    def reserve(self, owner):
        """Makes room for the owner's creation, or raises Refused (429, 503). Returns an Event to wait on instead when the owner already has one under way."""
        now = time.time()
        with self.lock:
            if owner in self.creating:
                return self.creating[owner]
            live = [record for record in self.transactions.values() if record.owner == owner and record.live(now)]
            if len(live) >= self.limits.max_pending:
                wait = min(record.expires_at for record in live) - now
                raise Refused(429, "too_many_pending", "finish or let expire a verification under way first", seconds(wait))
            recent = self.created.get(owner, deque())
            while recent and recent[0] <= now - self.limits.window_seconds:
                recent.popleft()
            if len(recent) >= self.limits.max_created:
                wait = recent[0] + self.limits.window_seconds - now
                raise Refused(429, "too_many_created", "too many verifications started lately", seconds(wait))
            self.make_room(owner, now)
            recent.append(now)
            self.created[owner] = recent
            self.creating[owner] = threading.Event()
            return None

    def make_room(self, owner, now):
        """Room for one more transaction and owner: ended records go first, oldest first; live ones are never evicted (503 instead)."""
        for owner in [owner for owner, times in self.created.items() if not times or times[-1] <= now - self.limits.window_seconds]:
            del self.created[owner]
        while len(self.transactions) + len(self.creating) >= self.limits.max_records:
            ended = next((uuid for uuid, record in self.transactions.items() if not record.live(now)), None)
            if ended is None:
                soonest = min((record.expires_at for record in self.transactions.values()), default=now + 1)
                raise Refused(503, "store_full", "too many verifications under way; try again later", seconds(soonest - now))
            del self.transactions[ended]
        if owner not in self.created and len(self.created) >= self.limits.max_owners:
            oldest = min(times[-1] for times in self.created.values())
            raise Refused(503, "store_full", "too many people verifying lately; try again later", seconds(oldest + self.limits.window_seconds - now))

    def finish(self, owner, uuid, link, expires_at):
        with self.lock:
            self.transactions[uuid] = Record(owner, link, expires_at)
            self.creating.pop(owner).set()

    def abandon(self, owner):
        """The owner's creation failed; it still counts against their window (the service may have billed it)."""
        with self.lock:
            self.creating.pop(owner).set()

    def ended(self, uuid, state):
        """Records the end the service's read showed; True the first time (the result to act on), False after."""
        with self.lock:
            record = self.transactions.get(uuid)
            if record is None or record.state != "pending":
                return False
            record.state = state
            self.results.pop(record.owner, None)
            self.results[record.owner] = (uuid, state)
            while len(self.results) > self.limits.max_records:
                self.results.popitem(last=False)
            return True

    def result_of(self, owner):
        with self.lock:
            return self.results.get(owner)


def seconds(wait):
    return max(1, int(wait + 0.999))


class ReadBudget:
    """One service read per uuid per second, whoever asks (polls, resumes, webhooks): the others share the last read, or wait for the one under way."""

    def __init__(self, read, interval=1.0, max_entries=10_000):
        self.read, self.interval, self.max_entries = read, interval, max_entries
        self.lock = threading.Lock()
        self.entries = {}  # uuid -> Entry

    def status(self, uuid, fresh_after=None):
        """The status of uuid from a read at most a second old, or from one that started after `fresh_after` (a time.monotonic(), when a webhook said it changed)."""
        while True:
            with self.lock:
                entry = self.entries.get(uuid) or self.add(uuid)
                now = time.monotonic()
                waiting, wait = entry.reading, 0.0
                if waiting is None:
                    fresh = entry.started is not None and (fresh_after is None or entry.started >= fresh_after)
                    if fresh and now - entry.done < self.interval:
                        return entry.answer()
                    if entry.started is not None:
                        wait = entry.done + self.interval - now
                    if wait <= 0:
                        entry.reading, entry.started = threading.Event(), now
            if waiting is not None:
                waiting.wait(15)
            elif wait > 0:
                time.sleep(wait)
            else:
                return self.read_now(entry, uuid)

    def add(self, uuid):
        """A new entry, once entries no read needs any more are dropped when the cap is reached."""
        if len(self.entries) >= self.max_entries:
            now = time.monotonic()
            for old in [old for old, entry in self.entries.items() if entry.reading is None and now - entry.done >= self.interval]:
                del self.entries[old]
        entry = self.entries[uuid] = Entry()
        return entry

    def read_now(self, entry, uuid):
        try:
            status, error = self.read(uuid), None
        except Exception as failure:  # kept for the callers within the second, then raised
            status, error = None, failure
        with self.lock:
            entry.status, entry.error, entry.done = status, error, time.monotonic()
            reading, entry.reading = entry.reading, None
        reading.set()
        return entry.answer()


class Entry:
    def __init__(self):
        self.status = self.error = self.reading = self.started = None
        self.done = 0.0

    def answer(self):
        if self.error is not None:
            raise self.error
        return dict(self.status)
