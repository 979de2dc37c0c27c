/**
 * The handoff pages' one style sheet (docs/handoff.md#the-pages): the system's font, a 16 px field
 * (below it, iOS zooms in on focus), 44 px targets, a visible focus ring, and the element's
 * colours (docs/element.md#styling-accessibility-csp) in light and dark, as the system prefers. Inline, allowed by
 * its hash alone: the pages still load nothing and run no script.
 */
export const PAGE_STYLE = `:root{color-scheme:light dark;--text:#1b1f24;--muted:#57606a;--border:#6e7781;--accent:#0b5cad;--accent-text:#fff;--danger:#b3261e;--background:#fff}
@media (prefers-color-scheme:dark){:root{--text:#e6e8eb;--muted:#9aa4ae;--border:#7d8590;--accent:#4c9aff;--accent-text:#0b1320;--danger:#f47067;--background:#0d1117}}
body{margin:0;background:var(--background);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{box-sizing:border-box;max-width:28rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
.site,#code-hint{color:var(--muted)}
.site{margin:0 0 .25rem;font-weight:600}
label{display:block;font-weight:600;margin-top:1.5rem}
#code-hint{margin:0 0 .5rem}
#code-error{color:var(--danger);font-weight:600;margin:0 0 .5rem}
input,button,.button{box-sizing:border-box;min-height:max(44px,2.75rem);border-radius:.5rem;font:inherit;font-size:max(16px,1rem)}
input{display:block;width:100%;padding:.5rem .75rem;border:1px solid var(--border);background:var(--background);color:var(--text);letter-spacing:.15em;text-transform:uppercase}
input[aria-invalid=true]{border:2px solid var(--danger)}
button,.button{display:inline-flex;align-items:center;justify-content:center;margin-top:1rem;padding:.5rem 1.5rem;border:0;background:var(--accent);color:var(--accent-text);font-weight:600;text-decoration:none;cursor:pointer}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
`;

/** The `style-src` source that allows PAGE_STYLE and nothing else. */
export const pageStyleSource: Promise<string> = crypto.subtle
  .digest('SHA-256', new TextEncoder().encode(PAGE_STYLE))
  .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
