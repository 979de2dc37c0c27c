"""The element prepared while the page renders (docs/element.md, "Prepared by the server"): the user's session resumed or
created by the session POST's own code, written into the page as the element's declarative shadow root, so the link
paints with the HTML, before the bundle and without it. The element then follows that session with no session request."""

import html
import json
from urllib.error import HTTPError, URLError

from records import Refused

# The README's tag, which the page holds as it is written there; a prepared page writes its render in its place.
ELEMENT_TAG = '<kyc-verify session-url="/kyc/session" lang="es"></kyc-verify>'
OPEN_HERE = "Verificar mi identidad"
RELOAD_FOR_RESULT = "Cuando termines en tu celular, recarga esta página para ver el resultado."


def is_navigation(headers):
    """The browser's own navigation to the page (docs/sessions.md, "A GET that creates"): nothing else may create a paid
    transaction: another site's image or link, a prefetch or prerender, a link preview's robot (no Sec-Fetch-* at all)."""
    return (
        headers.get("sec-fetch-mode") == "navigate"
        and headers.get("sec-fetch-dest") == "document"
        and headers.get("sec-fetch-site") in ("same-origin", "none")
        and headers.get("sec-purpose") is None
        and headers.get("purpose") is None
    )


def prepared_element(host, owner, headers):
    """The element's tag with its render of the owner's session, or the plain tag (which asks itself, and shows why)."""
    if not is_navigation(headers):
        return ELEMENT_TAG
    try:
        _, session = host.session(owner, "resume")
    except (Refused, HTTPError, URLError, OSError, ValueError, KeyError, TypeError):
        return ELEMENT_TAG
    # JSON inside <script>: no "</script>" or "<!--" can end or bend it.
    answer = json.dumps(session).replace("<", "\\u003c")
    return (
        ELEMENT_TAG.replace("></kyc-verify>", '><template shadowrootmode="open">')
        + '<script type="application/json">%s</script>' % answer
        + '<p><a href="%s" target="_blank" rel="noopener">%s</a></p>' % (html.escape(session["link"]), OPEN_HERE)
        + "<noscript><p>%s</p></noscript></template></kyc-verify>" % RELOAD_FOR_RESULT
    )
