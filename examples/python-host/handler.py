"""The HTTP side of the host: routes, the session POST's guard, bodies, and answers as the protocol writes them."""

import json
import re
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import parse_qs, urlsplit

from bounded_server import DeadlineRequests
from kyc_host import LINES, STATUS_PREFIX
from login import logout_cookie
from prepared import ELEMENT_TAG, prepared_element
from records import Refused

HERE = Path(__file__).resolve().parent
MAX_BODY_BYTES = 65536
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
BUNDLE_FILE = re.compile(r"/assets/(kyc-verify(?:\.[A-Za-z-]+)?\.js)")


class Handler(DeadlineRequests):
    host = None  # set by main()
    login = None
    timeout = 10  # seconds each write of an answer may wait on the client; its whole request has request_seconds

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
        html = html.replace(ELEMENT_TAG, prepared_element(self.host, user, self.headers))
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
            LINES.info("access %s %s accept=%s", self.command, route, self.headers.get("accept"))
