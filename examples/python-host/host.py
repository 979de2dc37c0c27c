#!/usr/bin/env python3
"""A host backend for <kyc-verify> in Python's standard library only: an example app, and a model for Java, PHP or Python.

    GET  /                    the page with the element (after the fake login)
    POST /kyc/session         creates (or resumes) the user's transaction: its status, link and status_url
    GET  /kyc/status/<uuid>   the status object of the user's own transaction, read from the service
    POST /kyc/webhook         the service's notifications, confirmed by the authoritative read

    python3 host.py                                    # from a clone: starts the sandbox too (README.md)
    python3 host.py --kyc-url http://127.0.0.1:4010    # against a sandbox (or the service) of your own
"""

import argparse
import json
import os
import queue
import re
import secrets
import signal
import sys
import threading
import time
import uuid as uuids
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import parse_qs, urlsplit

from kyc_service import KycService, iso, status_of
from login import Login, logout_cookie
from records import Limits, ReadBudget, Records, Refused, epoch

HERE = Path(__file__).resolve().parent
STATUS_PREFIX = "/kyc/status/"
MAX_BODY_BYTES = 65536
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
BUNDLE_FILE = re.compile(r"/assets/(kyc-verify(?:\.[A-Za-z-]+)?\.js)")


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
            print("result %s %s for %s" % (uuid, status["state"], self.records.owner_of(uuid)), flush=True)
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


class Handler(BaseHTTPRequestHandler):
    host = None  # set by main()
    login = None
    timeout = 10  # seconds a client may take to send its request: a slow one does not hold a thread for ever

    def do_GET(self):
        path = urlsplit(self.path).path
        self.log_access(path)
        if path.startswith(STATUS_PREFIX):
            return self.status(path[len(STATUS_PREFIX) :])
        if path == "/":
            return self.page()
        if path == "/login":
            return self.file(HERE / "login.html", "text/html; charset=utf-8")
        bundle = BUNDLE_FILE.fullmatch(path)
        if bundle:
            return self.file(self.host.config.bundle_dir / bundle.group(1), "text/javascript")
        self.answer(404, {"error": "not_found", "message": "no such route"})

    def do_POST(self):
        path = urlsplit(self.path).path
        self.log_access(path)
        try:
            if path == "/kyc/session":
                return self.session()
            body = self.body()
            if path == "/kyc/webhook":
                return self.webhook(body)
            if path == "/login":
                return self.log_in(body)
            self.answer(404, {"error": "not_found", "message": "no such route"})
        except Refused as refused:
            self.refuse(refused)

    def session(self):
        refusal = self.refusal(self.headers.get("kyc-verify-session"))
        if refusal:
            return self.answer(403, {"error": "forbidden", "message": refusal})
        owner = self.login.user_of(self.headers.get("cookie"))
        if owner is None:
            return self.answer(401, {"error": "unauthenticated", "message": "log in to start a verification"})
        self.upstream(lambda: self.host.session(owner, self.headers.get("kyc-verify-session")))

    def status(self, uuid):
        owner = self.login.user_of(self.headers.get("cookie"))
        # One answer for "not ours", "not yours" and "not logged in": a uuid's existence is not revealed.
        if not UUID.fullmatch(uuid) or owner is None or self.host.records.owner_of(uuid) != owner:
            return self.answer(404, {"error": "not_found", "message": "no such transaction for this caller"})
        self.upstream(lambda: (200, self.host.status(uuid)))

    def refusal(self, kind):
        """Why a session POST is refused (a forged or cross-site request), or None."""
        if kind not in ("resume", "new"):
            return "the kyc-verify-session header must be resume or new"
        origin = self.headers.get("origin")
        allowed = self.host.config.allowed_origins
        if origin is not None and origin != self.host.config.own_origin and origin not in allowed:
            return "requests from %s are not allowed" % origin
        if self.headers.get("sec-fetch-site") in ("cross-site", "same-site") and origin not in allowed:
            return "cross-site requests are not allowed"
        return None

    def body(self):
        """The request's body, at most MAX_BODY_BYTES, after a Content-Length that is one decimal number (no sign, no second value)."""
        if self.headers.get("transfer-encoding"):
            raise Refused(411, "length_required", "send the body with a Content-Length")
        lengths = set(self.headers.get_all("content-length") or ["0"])
        text = lengths.pop() if len(lengths) == 1 else ""
        if not re.fullmatch(r"[0-9]{1,10}", text):
            raise Refused(400, "invalid_length", "Content-Length must be one decimal number")
        if int(text) > MAX_BODY_BYTES:
            raise Refused(413, "too_large", "the body is over %d bytes" % MAX_BODY_BYTES)
        body = self.rfile.read(int(text))
        if len(body) != int(text):
            raise Refused(400, "truncated", "the body is shorter than its Content-Length")
        return body

    def webhook(self, body):
        try:
            uuid = json.loads(body)["uuid"]
            if not isinstance(uuid, str) or not UUID.fullmatch(uuid):
                raise ValueError(uuid)
        except (ValueError, KeyError, TypeError):
            return self.answer(400, {"error": "invalid_payload", "message": "not a webhook payload"})
        # Answered at once (the service does not deliver again after a 2xx); confirmed after, by the worker.
        self.answer(204)
        self.host.webhook(uuid)

    def log_in(self, body):
        user = parse_qs(body.decode("utf-8", "replace")).get("user", [""])[0]
        cookie = self.login.cookie_for(user, self.host.config.public_url.startswith("https:"))
        if cookie is None:
            return self.answer(400, {"error": "invalid_user", "message": "a name of a-z, 0-9, _ or -, up to 32"})
        self.redirect("/", cookie)

    def page(self):
        user = self.login.user_of(self.headers.get("cookie"))
        if user is None:
            return self.redirect("/login", logout_cookie(False) if self.headers.get("cookie") else None)
        result = self.host.records.result_of(user)
        record = "%s (%s)" % (result[1], result[0]) if result else "not verified yet"
        html = (HERE / "page.html").read_text().replace("{{user}}", user).replace("{{record}}", record)
        self.send(200, html.encode(), "text/html; charset=utf-8")

    def file(self, path, content_type):
        try:
            self.send(200, path.read_bytes(), content_type)
        except OSError:
            self.answer(404, {"error": "not_found", "message": "%s is not built: see README.md" % path.name})

    def upstream(self, work):
        """Answers what `work` gives, or 404 when the service does not know the transaction, or 502 when it fails."""
        try:
            code, body = work()
        except Refused as refused:
            return self.refuse(refused)
        except HTTPError as error:
            if error.code in (403, 404):
                return self.answer(404, {"error": "not_found", "message": "no such transaction for this caller"})
            return self.answer(502, {"error": "upstream_error", "message": "the KYC service answered %d" % error.code})
        except (ValueError, KeyError, TypeError):
            return self.answer(502, {"error": "upstream_protocol", "message": "the KYC service answered against its specification"})
        except (URLError, OSError):
            return self.answer(502, {"error": "upstream_unreachable", "message": "the KYC service could not be reached"})
        self.answer(code, body)

    def refuse(self, refused):
        self.answer(refused.status, {"error": refused.error, "message": refused.message}, retry_after=refused.retry_after)

    def answer(self, code, body=None, retry_after=None):
        self.send(code, b"" if body is None else json.dumps(body).encode(), "application/json" if body is not None else None, retry_after)

    def redirect(self, location, cookie=None):
        self.send_response(303)
        self.send_header("location", location)
        self.send_header("content-length", "0")
        if cookie:
            self.send_header("set-cookie", cookie)
        self.end_headers()

    def send(self, code, data, content_type=None, retry_after=None):
        self.send_response(code)
        if content_type:
            self.send_header("content-type", content_type)
        # Per user and changing: never kept by a shared cache, revalidated before any reuse.
        self.send_header("cache-control", "private, no-cache")
        self.send_header("content-length", str(len(data)))
        if retry_after is not None:
            self.send_header("retry-after", str(retry_after))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # Quiet: paths carry transaction uuids, which belong in your own logs only.

    def log_access(self, path):
        """With --access-log, one line per request on stdout: its method, route (no uuid) and Accept header."""
        if self.host.config.access_log:
            route = STATUS_PREFIX + "{uuid}" if path.startswith(STATUS_PREFIX) else path
            print("access %s %s accept=%s" % (self.command, route, self.headers.get("accept")), flush=True)


class BoundedServer(ThreadingHTTPServer):
    """A thread per connection, up to max_connections; past them a connection is answered 503 at once, not queued without end."""

    daemon_threads = True

    def __init__(self, address, handler, max_connections):
        super().__init__(address, handler)
        self.slots = threading.BoundedSemaphore(max_connections)

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            return self.shutdown_request(request)
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def main():
    parser = argparse.ArgumentParser(description="A <kyc-verify> host backend, standard library only.")
    parser.add_argument("--kyc-url", help="the KYC service (auth, API and verification URL); without it, the clone's sandbox is started")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    parser.add_argument("--public-url", help="this host as the browser and the service reach it (default: where it listens)")
    parser.add_argument("--allowed-origin", dest="allowed_origins", action="append", default=[], help="another origin whose pages embed the element")
    parser.add_argument("--client-id", default="sandbox-client")
    parser.add_argument("--client-secret", default="sandbox-secret")
    parser.add_argument("--company-id", default="sandbox-company")
    parser.add_argument("--nin", default="11.111.111-1", help="the RUT every user of this example is created with")
    parser.add_argument("--bundle-dir", type=Path, default=HERE.parent.parent / "dist", help="where kyc-verify.bundle.js is (default: the clone's dist/)")
    parser.add_argument("--max-pending", type=int, default=3, help="transactions a user may have pending at once")
    parser.add_argument("--max-created", type=int, default=10, help="transactions a user may create per --created-window")
    parser.add_argument("--created-window", type=int, default=3600, help="seconds")
    parser.add_argument("--max-records", type=int, default=10_000, help="transactions remembered, pending and ended")
    parser.add_argument("--max-connections", type=int, default=64, help="connections served at once")
    parser.add_argument("--access-log", action="store_true", help="print each request's method, route and Accept header")
    config = parser.parse_args()

    sandbox = None
    if config.kyc_url is None:
        from dev_sandbox import start_sandbox

        sandbox = start_sandbox(HERE.parent.parent, config.bundle_dir)
        config.kyc_url = sandbox.url
    try:
        server = BoundedServer((config.host, config.port), Handler, config.max_connections)
    except OSError as error:
        sys.exit("cannot listen on %s:%d (%s): choose another --port (0 for a free one)" % (config.host, config.port, error.strerror))
    listening = "http://%s:%d" % (config.host, server.server_address[1])
    config.public_url = (config.public_url or listening).rstrip("/")
    config.own_origin = "{0.scheme}://{0.netloc}".format(urlsplit(config.public_url))
    # The login's key: KYC_HOST_SECRET keeps logins across restarts; without it, a new one each run.
    Handler.login = Login(os.environb.get(b"KYC_HOST_SECRET") or secrets.token_bytes(32))
    Handler.host = Host(KycService(config.kyc_url, config.client_id, config.client_secret), config)
    # Stopped by a signal as by Ctrl-C: the finally below stops the sandbox started for this run.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print("listening on " + listening, flush=True)
    if config.public_url != listening:
        print("public URL " + config.public_url, flush=True)
    if sandbox:
        print("the KYC service: the sandbox at %s, started for this run; open %s/ and log in" % (sandbox.url, config.public_url), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        if sandbox:
            sandbox.stop()


if __name__ == "__main__":
    main()
