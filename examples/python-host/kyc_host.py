"""The host's work, apart from HTTP: sessions, statuses and webhooks, over the records and one service read per uuid per second."""

import logging
import queue
import sys
import threading
import time
import uuid as uuids
from datetime import datetime, timezone
from urllib.error import HTTPError, URLError

from kyc_service import iso, status_of
from records import Limits, ReadBudget, Records, Refused, epoch

# The host's lines on stdout (host.py prints them): each access (with --access-log) and each result recorded.
LINES = logging.getLogger("host")

STATUS_PREFIX = "/kyc/status/"


class Host:
    """The host's work: sessions, statuses and webhooks, over the records and one read per uuid per second."""

    def __init__(self, service, config):
        self.service = service
        self.config = config
        self.records = Records(Limits(config.max_pending, config.max_created, config.created_window, config.max_records))
        self.reads = ReadBudget(self.read_status, max_entries=config.max_records)
        # Webhooks to confirm, one worker: a flood of them is a queue of uuids, each once, not a thread each.
        self.to_confirm = queue.Queue(maxsize=config.max_records)
        self.queued = {}  # uuid -> when its latest webhook arrived (time.monotonic()), while it waits in the queue
        self.queued_lock = threading.Lock()
        threading.Thread(target=self.confirm_forever, daemon=True).start()

    def read_status(self, uuid):
        """The service's read; an end it shows is the user's result, recorded once."""
        status = self.service.read_status(uuid)
        if status["state"] != "pending" and self.records.ended(uuid, status["state"]):
            LINES.info("result %s %s for %s", uuid, status["state"], self.records.owner_of(uuid))
        return status

    def status(self, uuid, fresh_after=None):
        return dict(self.reads.status(uuid, fresh_after), server_time=iso_now())

    def session(self, owner, kind):
        """(HTTP status, body) of the owner's session POST: resume answers their pending transaction (200), else one is created (201)."""
        for _ in range(3):
            pending = kind == "resume" and self.records.pending_of(owner)
            if pending:
                uuid, link = pending
                status = self.status(uuid)
                if status["state"] == "pending":
                    return 200, dict(status, link=link, resumed=True, status_url=STATUS_PREFIX + uuid)
            under_way = self.records.reserve(owner)
            if under_way:
                # Another tab of the same user is creating one: resume that one once it is recorded.
                under_way.wait(15)
                kind = "resume"
                continue
            try:
                created = self.service.call("POST", "/v1/transactions/", self.create_request())["data"]
                uuid = created["uuid"]
                # Our request has no link template, so the service's validator_url cannot carry the nin.
                link = created.get("validator_url") or "%s/transactions/%s" % (self.config.kyc_url.rstrip("/"), uuid)
                status = status_of(created)
            except BaseException:
                self.records.abandon(owner)
                raise
            self.records.finish(owner, uuid, link, epoch(status["expires_at"]))
            return 201, dict(status, link=link, resumed=False, status_url=STATUS_PREFIX + uuid)
        raise Refused(503, "busy", "another session POST of yours is under way; try again", 1)

    def create_request(self):
        """The host decides everything: the browser's request body is never read."""
        return {
            "transaction_id": str(uuids.uuid4()),
            "company_id": self.config.company_id,
            "authorization_method": "kyc_register",
            "webhook": self.config.public_url + "/kyc/webhook",
            # The logged-in user's RUT, from your user records (one test identity here).
            "metadata": {"country": "CL", "nin": self.config.nin},
        }

    def webhook(self, uuid):
        """News, not proof (it carries no signature): queued for the authoritative read, a uuid at most once in the queue."""
        if self.records.owner_of(uuid) is None:
            return
        with self.queued_lock:
            waiting = uuid in self.queued
            self.queued[uuid] = time.monotonic()
            if not waiting:
                try:
                    self.to_confirm.put_nowait(uuid)
                except queue.Full:
                    del self.queued[uuid]  # the polls and the resume still find the end

    def confirm_forever(self):
        while True:
            uuid = self.to_confirm.get()
            with self.queued_lock:
                arrived = self.queued.pop(uuid)
            try:
                self.status(uuid, fresh_after=arrived)
            except (HTTPError, URLError, OSError, ValueError, KeyError, TypeError) as error:
                print("could not confirm %s: %s" % (uuid, error), file=sys.stderr, flush=True)


def iso_now():
    return iso(datetime.now(timezone.utc))
