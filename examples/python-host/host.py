#!/usr/bin/env python3
"""A host backend for <kyc-verify> in Python's standard library only: a model for Java, PHP or Python.

    POST /kyc/session         creates (or resumes) the visitor's transaction: its status and link
    GET  /kyc/status/<uuid>   the status object of the visitor's own transaction, read from the service
    POST /kyc/webhook         the service's notifications, confirmed by the authoritative read

    python3 host.py --kyc-url http://127.0.0.1:4010 --port 8080   (then see docs/conformance.md)
"""

import argparse
import json
import secrets
import sys
import threading
import time
import uuid as uuids
from datetime import datetime, timedelta, timezone
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.error import HTTPError, URLError
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

OWNER_COOKIE = "kyc_owner"
STATUS_PREFIX = "/kyc/status/"
MAX_WEBHOOK_BYTES = 65536

# The state of (active, complete, failed), as the service's spec gives it; any other combination is an error, never a guess.
STATES = {
    (True, False, False): "pending",
    (False, True, False): "successful",
    (False, False, True): "failed",
    (False, False, False): "expired",
}


class KycService:
    """The KYC service's API: a cached client_credentials token, and JSON calls with it."""

    def __init__(self, url, client_id, client_secret):
        self.url = url.rstrip("/")
        self.credentials = {"client_id": client_id, "client_secret": client_secret, "grant_type": "client_credentials"}
        self.token = None
        self.token_renewal = 0.0
        self.lock = threading.Lock()

    def call(self, method, path, body=None):
        """A call with the token; a 401 (a token revoked or expired early) gets a new token and one more try."""
        for attempt in (1, 2):
            try:
                return self.send(method, path, body, self.bearer())
            except HTTPError as error:
                if error.code != 401 or attempt == 2:
                    raise
                with self.lock:
                    self.token = None

    def bearer(self):
        with self.lock:
            if self.token is None or time.monotonic() >= self.token_renewal:
                answer = self.send("POST", "/oauth/token/", self.credentials, None)
                self.token = answer["access_token"]
                # Renewed a minute before it expires, so that no call carries a token at its last second.
                self.token_renewal = time.monotonic() + max(0, answer["expires_in"] - 60)
            return self.token

    def send(self, method, path, body, token):
        headers = {"accept": "application/json", "content-type": "application/json"}
        if token:
            headers["authorization"] = "Bearer " + token
        data = None if body is None else json.dumps(body).encode()
        with urlopen(Request(self.url + path, data=data, method=method, headers=headers), timeout=10) as answer:
            return json.load(answer)


def iso(moment):
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def status_of(transaction):
    """The status object of the protocol, field by field: nothing else (nin, metadata, scores) reaches the browser."""
    flags = (transaction["active"], transaction["complete"], transaction["failed"])
    if flags not in STATES:
        raise ValueError("no state has active, complete, failed = %s" % (flags,))
    created = datetime.fromisoformat(transaction["created_at"])
    return {
        "uuid": transaction["uuid"],
        "state": STATES[flags],
        "step": transaction["step"],
        "code": transaction["code"],
        "issue_description": transaction["issue_description"],
        "expires_at": iso(created + timedelta(seconds=transaction["expiration"])),
        "updated_at": transaction["updated_at"],
        "server_time": iso(datetime.now(timezone.utc)),
    }


class Host:
    """What the host remembers (in memory here; a database in production): whose each transaction is."""

    def __init__(self, service, config):
        self.service = service
        self.config = config
        self.owners = {}  # uuid -> owner
        self.latest = {}  # owner -> (uuid, link) of their last transaction
        self.results = {}  # uuid -> final state, once confirmed
        # One session at a time: two tabs resuming at once must not create two transactions.
        self.session_lock = threading.Lock()

    def read_status(self, uuid):
        return status_of(self.service.call("GET", "/v1/transactions/" + uuid)["data"])

    def session(self, owner, kind):
        """(HTTP status, body) for the owner's session POST: resume answers the pending transaction (200), else one is created (201)."""
        with self.session_lock:
            if kind == "resume" and owner in self.latest:
                uuid, link = self.latest[owner]
                status = self.read_status(uuid)
                if status["state"] == "pending":
                    return 200, dict(status, link=link, resumed=True)
            created = self.service.call("POST", "/v1/transactions/", self.create_request())["data"]
            uuid = created["uuid"]
            # Our request has no link template, so the service's validator_url cannot carry the nin.
            link = created.get("validator_url") or "%s/transactions/%s" % (self.config.kyc_url.rstrip("/"), uuid)
            self.owners[uuid] = owner
            self.latest[owner] = (uuid, link)
            return 201, dict(status_of(created), link=link, resumed=False)

    def create_request(self):
        """The host decides everything: the browser's request body is never read."""
        return {
            "transaction_id": str(uuids.uuid4()),
            "company_id": self.config.company_id,
            "authorization_method": "kyc_register",
            "webhook": self.config.public_url + "/kyc/webhook",
            # The logged-in user's RUT, from your user records.
            "metadata": {"country": "CL", "nin": self.config.nin},
        }

    def confirm(self, uuid):
        """A webhook is news, not proof (it carries no signature): the authoritative read decides, once per end."""
        try:
            status = self.read_status(uuid)
        except (HTTPError, URLError, OSError, ValueError) as error:
            print("could not confirm %s: %s" % (uuid, error), file=sys.stderr)
            return
        if status["state"] != "pending" and uuid not in self.results:
            self.results[uuid] = status["state"]
            print("result %s %s" % (uuid, status["state"]), file=sys.stderr, flush=True)


class Handler(BaseHTTPRequestHandler):
    host = None  # set by main()

    def do_POST(self):
        path = urlsplit(self.path).path
        self.log_access(path)
        if path == "/kyc/session":
            self.session()
        elif path == "/kyc/webhook":
            self.webhook()
        else:
            self.answer(404, {"error": "not_found", "message": "no such route"})

    def do_GET(self):
        path = urlsplit(self.path).path
        self.log_access(path)
        uuid = path[len(STATUS_PREFIX) :]
        owner = self.owner()
        # One answer for "not ours", "not yours" and "no cookie": a uuid's existence is not revealed.
        if not path.startswith(STATUS_PREFIX) or owner is None or self.host.owners.get(uuid) != owner:
            return self.answer(404, {"error": "not_found", "message": "no such transaction for this caller"})
        self.upstream(lambda: (200, self.host.read_status(uuid)))

    def session(self):
        kind = self.headers.get("kyc-verify-session")
        refusal = self.refusal(kind)
        if refusal:
            return self.answer(403, {"error": "forbidden", "message": refusal})
        owner = self.owner()
        cookie = None
        if owner is None:
            # Stands for your login session: use your own session's user id instead.
            owner = secrets.token_urlsafe(24)
            cookie = "%s=%s; Path=/; HttpOnly; SameSite=Lax" % (OWNER_COOKIE, owner)
        self.upstream(lambda: self.host.session(owner, kind), cookie)

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

    def webhook(self):
        length = int(self.headers.get("content-length") or 0)
        if length > MAX_WEBHOOK_BYTES:
            return self.answer(413, {"error": "too_large", "message": "the body is too large"})
        try:
            uuid = json.loads(self.rfile.read(length))["uuid"]
        except (ValueError, KeyError, TypeError):
            return self.answer(400, {"error": "invalid_payload", "message": "not a webhook payload"})
        # Answered at once (the service does not deliver again after a 2xx); confirmed after.
        self.answer(204)
        if uuid in self.host.owners:
            threading.Thread(target=self.host.confirm, args=(uuid,), daemon=True).start()

    def upstream(self, work, cookie=None):
        """Answers what `work` gives, or 404 when the service does not know the transaction, or 502 when it fails."""
        try:
            code, body = work()
        except HTTPError as error:
            if error.code in (403, 404):
                return self.answer(404, {"error": "not_found", "message": "no such transaction for this caller"})
            return self.answer(502, {"error": "upstream_error", "message": "the KYC service answered %d" % error.code})
        except (ValueError, KeyError):
            return self.answer(502, {"error": "upstream_protocol", "message": "the KYC service answered against its specification"})
        except (URLError, OSError):
            return self.answer(502, {"error": "upstream_unreachable", "message": "the KYC service could not be reached"})
        self.answer(code, body, cookie)

    def owner(self):
        cookies = SimpleCookie(self.headers.get("cookie") or "")
        return cookies[OWNER_COOKIE].value if OWNER_COOKIE in cookies else None

    def answer(self, code, body=None, cookie=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(code)
        if body is not None:
            self.send_header("content-type", "application/json")
        # Per visitor and changing: never kept by a shared cache, revalidated before any reuse.
        self.send_header("cache-control", "private, no-cache")
        self.send_header("content-length", str(len(data)))
        if cookie:
            self.send_header("set-cookie", cookie)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # Quiet: paths carry transaction uuids, which belong in your own logs only.

    def log_access(self, path):
        """With --access-log, one line per request on stdout: its method, route (no uuid) and Accept header."""
        if self.host.config.access_log:
            route = STATUS_PREFIX + "{uuid}" if path.startswith(STATUS_PREFIX) else path
            print("access %s %s accept=%s" % (self.command, route, self.headers.get("accept")), flush=True)


def main():
    parser = argparse.ArgumentParser(description="A <kyc-verify> host backend, standard library only.")
    parser.add_argument("--kyc-url", required=True, help="the KYC service (auth, API and verification URL): the sandbox")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    parser.add_argument("--public-url", help="this host as the browser and the service reach it (default http://HOST:PORT)")
    parser.add_argument("--allowed-origin", dest="allowed_origins", action="append", default=[], help="another origin whose pages embed the element")
    parser.add_argument("--client-id", default="sandbox-client")
    parser.add_argument("--client-secret", default="sandbox-secret")
    parser.add_argument("--company-id", default="sandbox-company")
    parser.add_argument("--access-log", action="store_true", help="print each request's method, route and Accept header")
    parser.add_argument("--nin", default="11.111.111-1", help="the RUT of this demo's single user")
    config = parser.parse_args()

    server = ThreadingHTTPServer((config.host, config.port), Handler)
    server.daemon_threads = True
    config.public_url = (config.public_url or "http://%s:%d" % (config.host, server.server_address[1])).rstrip("/")
    config.own_origin = "{0.scheme}://{0.netloc}".format(urlsplit(config.public_url))
    Handler.host = Host(KycService(config.kyc_url, config.client_id, config.client_secret), config)
    print("listening on " + config.public_url, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
