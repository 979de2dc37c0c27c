"""The KYC service's API as the host uses it: a cached client_credentials token, JSON calls, and the status object made from a transaction."""

import json
import threading
import time
from datetime import datetime, timedelta, timezone
from urllib.error import HTTPError
from urllib.request import Request, urlopen

# The state of (active, complete, failed), as docs/service.md §3 gives it; any other combination is an error, never a guess.
STATES = {
    (True, False, False): "pending",
    (False, True, False): "successful",
    (False, False, True): "failed",
    (False, False, False): "expired",
}

# The longest a call to the service may take; the host answers 502 after it.
TIMEOUT_SECONDS = 10


class KycService:
    """The service's API: a token renewed a minute before it expires (and once on a 401), and JSON calls with it."""

    def __init__(self, url, client_id, client_secret):
        self.url = url.rstrip("/")
        self.credentials = {"client_id": client_id, "client_secret": client_secret, "grant_type": "client_credentials"}
        self.token = None
        self.token_renewal = 0.0
        # Guards the token only, never held across a call: a slow token request makes others ask for their own.
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
            if self.token is not None and time.monotonic() < self.token_renewal:
                return self.token
        answer = self.send("POST", "/oauth/token/", self.credentials, None)
        with self.lock:
            self.token = answer["access_token"]
            # Renewed a minute before it expires, so that no call carries a token at its last second.
            self.token_renewal = time.monotonic() + max(0, answer["expires_in"] - 60)
            return self.token

    def send(self, method, path, body, token):
        headers = {"accept": "application/json", "content-type": "application/json"}
        if token:
            headers["authorization"] = "Bearer " + token
        data = None if body is None else json.dumps(body).encode()
        with urlopen(Request(self.url + path, data=data, method=method, headers=headers), timeout=TIMEOUT_SECONDS) as answer:
            return json.load(answer)

    def read_status(self, uuid):
        return status_of(self.call("GET", "/v1/transactions/" + uuid)["data"])


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
