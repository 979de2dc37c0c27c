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
import logging
import os
import secrets
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit

from bounded_server import BoundedServer
from handler import Handler
from kyc_host import Host
from kyc_service import KycService
from login import Login

HERE = Path(__file__).resolve().parent


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
    parser.add_argument("--request-seconds", type=float, default=10, help="seconds a client has to send a whole request")
    parser.add_argument("--access-log", action="store_true", help="print each request's method, route and Accept header")
    parser.add_argument("--login-cookie", metavar="USER", help="print the login cookie of USER (for kyc-verify-conformance's --cookie) and exit")
    config = parser.parse_args()

    secret = os.environb.get(b"KYC_HOST_SECRET")
    if config.login_cookie is not None:
        if not secret:
            sys.exit("--login-cookie needs KYC_HOST_SECRET, the same as the running host's")
        cookie = Login(secret).cookie_for(config.login_cookie, secure=False)
        if cookie is None:
            sys.exit("a user name is a-z, 0-9, _ or -, up to 32")
        print(cookie.split(";")[0])
        return

    sandbox = None
    if config.kyc_url is None:
        from dev_sandbox import start_sandbox

        sandbox = start_sandbox(HERE.parent.parent, config.bundle_dir)
        config.kyc_url = sandbox.url
    # The threads' lines (access, results) on stdout, each whole: logging writes a record at a time, where print() could interleave.
    logging.basicConfig(stream=sys.stdout, format="%(message)s", level=logging.INFO)
    Handler.request_seconds = config.request_seconds
    try:
        server = BoundedServer((config.host, config.port), Handler, config.max_connections)
    except OSError as error:
        sys.exit("cannot listen on %s:%d (%s): choose another --port (0 for a free one)" % (config.host, config.port, error.strerror))
    listening = "http://%s:%d" % (config.host, server.server_address[1])
    config.public_url = (config.public_url or listening).rstrip("/")
    config.own_origin = "{0.scheme}://{0.netloc}".format(urlsplit(config.public_url))
    # The login's key: KYC_HOST_SECRET keeps logins across restarts; without it, a new one each run.
    Handler.login = Login(secret or secrets.token_bytes(32))
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
