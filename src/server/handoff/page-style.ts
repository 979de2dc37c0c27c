/**
 * The handoff pages' one style sheet (docs/handoff.md#the-pages): the system's font, a 16 px field
 * (below it, iOS zooms in on focus), 44 px targets, a visible focus ring, and the element's
 * colours (docs/element.md#styling-accessibility-csp) in light and dark, as the system prefers. Inline, allowed by
 * its hash alone: the pages still load nothing and run no script.
 */
export const PAGE_STYLE = `:root{color-scheme:light dark;--t:#1b1f24;--m:#57606a;--b:#6e7781;--a:#0b5cad;--o:#fff;--d:#b3261e;--g:#fff}
@media (prefers-color-scheme:dark){:root{--t:#e6e8eb;--m:#9aa4ae;--b:#7d8590;--a:#4c9aff;--o:#0b1320;--d:#f47067;--g:#0d1117}}
body{max-width:28rem;margin:auto;padding:2rem 1rem;background:var(--g);color:var(--t);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
.site,#code-hint{color:var(--m);margin:0;font-weight:600}
#code-hint{font-weight:400}
label{display:block;font-weight:600;margin-top:1.5rem}
#code-error{color:var(--d);font-weight:600}
input,button,.button{box-sizing:border-box;min-height:max(44px,2.75rem);border-radius:.5rem;font:inherit;font-size:max(16px,1rem)}
input{display:block;width:100%;padding:0 .75rem;border:1px solid var(--b);background:var(--g);color:var(--t);letter-spacing:.15em;text-transform:uppercase}
[aria-invalid=true]{border:2px solid var(--d)}
button,.button{display:inline-flex;align-items:center;margin-top:1rem;padding:0 1.5rem;border:0;background:var(--a);color:var(--o);font-weight:600;text-decoration:none}
:focus-visible{outline:2px solid var(--a);outline-offset:2px}
`;

/** The `style-src` source that allows PAGE_STYLE and nothing else. */
export const pageStyleSource: Promise<string> = crypto.subtle
  .digest('SHA-256', new TextEncoder().encode(PAGE_STYLE))
  .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
