"""A FAKE LOGIN, for this example only: anyone is whoever they type. It stands for your own login.

What it does show is what the host relies on: the owner of a transaction is the logged-in user,
read from a cookie the server signed (HMAC-SHA256 with a secret of its own), so a visitor cannot
become another owner, or a new one on each request, by writing a cookie of their choosing.
"""

import base64
import hashlib
import hmac
import re
from http.cookies import SimpleCookie

COOKIE = "demo_login"
USER_NAME = re.compile(r"[a-z0-9_-]{1,32}")


class Login:
    def __init__(self, secret):
        self.secret = secret

    def signature(self, user):
        digest = hmac.new(self.secret, b"login:" + user.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def cookie_for(self, user, secure):
        """The Set-Cookie of a login; None for a user name this fake login does not take."""
        if not USER_NAME.fullmatch(user):
            return None
        return "%s=%s.%s; Path=/; HttpOnly; SameSite=Lax%s" % (COOKIE, user, self.signature(user), "; Secure" if secure else "")

    def user_of(self, cookie_header):
        """The logged-in user, or None: no cookie, or one this server did not sign."""
        try:
            morsel = SimpleCookie(cookie_header or "").get(COOKIE)
        except Exception:  # a malformed Cookie header is nobody
            return None
        user, _, signature = (morsel.value if morsel else "").partition(".")
        if USER_NAME.fullmatch(user) and hmac.compare_digest(signature, self.signature(user)):
            return user
        return None


def logout_cookie(secure):
    return "%s=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax%s" % (COOKIE, "; Secure" if secure else "")
