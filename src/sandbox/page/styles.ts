import { createHash } from 'node:crypto';

/**
 * The page's only styles: one <style> block, allowed by its hash in the Content-Security-Policy.
 * Light and dark follow the phone (prefers-color-scheme); every text colour keeps at least 4.5:1
 * against what it sits on in both.
 */
const PAGE_STYLES = `
:root {
  color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5;
  --text: #1a1a1a; --muted: #4a5060; --page: #f4f5f7; --surface: #fff; --border: #8a8f98;
  --accent: #1f4fbf; --on-accent: #fff; --focus: #b36b00;
  --notice: #fff7d6; --notice-border: #8a6d00;
  --problem: #fdecea; --problem-border: #b3261e;
  --successful: #1e6b34; --failed: #b3261e; --expired: #8a5300;
  color: var(--text); background: var(--page);
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e8eaed; --muted: #b4bac4; --page: #121417; --surface: #1c1f24; --border: #6b717c;
    --accent: #8fb4ff; --on-accent: #0b1020; --focus: #ffb74d;
    --notice: #3a3000; --notice-border: #c9a400;
    --problem: #3d1512; --problem-border: #f28b82;
    --successful: #7ee29a; --failed: #f28b82; --expired: #f0c05a;
  }
}
body { margin: 0; }
main { max-width: 32rem; margin: 0 auto; padding: 1rem; }
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0.25rem 1rem; }
header ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
h1 { font-size: 1.25rem; margin: 0.5rem 0; }
h2 { font-size: 1.125rem; margin: 1rem 0 0.5rem; }
p { margin: 0.5rem 0; }
.notice { font-size: 0.875rem; background: var(--notice); border: 1px solid var(--notice-border); padding: 0.5rem; border-radius: 0.25rem; }
.progress { color: var(--muted); font-size: 0.875rem; margin-bottom: 0; }
.problem { background: var(--problem); border: 1px solid var(--problem-border); padding: 0.5rem; border-radius: 0.25rem; }
.timer { font-variant-numeric: tabular-nums; font-weight: 600; }
form { display: grid; gap: 0.5rem; }
fieldset { display: grid; gap: 0.5rem; border: 1px solid var(--border); border-radius: 0.25rem; padding: 0.75rem; margin: 0.5rem 0 0; }
legend { padding: 0 0.25rem; }
button, .continue { display: block; min-height: 2.75rem; padding: 0.5rem 1rem; font: inherit; text-align: left; border-radius: 0.25rem; border: 1px solid var(--accent); background: var(--surface); color: var(--accent); cursor: pointer; text-decoration: none; }
button.primary, .continue { background: var(--accent); color: var(--on-accent); text-align: center; font-weight: 600; }
.hint { color: var(--muted); font-size: 0.875rem; margin: -0.25rem 0 0.25rem; }
button:focus-visible, a:focus-visible, summary:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
a { color: var(--accent); }
.result { background: var(--surface); border: 1px solid var(--border); border-left: 0.5rem solid var(--tone); border-radius: 0.25rem; padding: 0.25rem 1rem; margin: 1rem 0; }
.result h2 { color: var(--tone); }
.result.successful { --tone: var(--successful); }
.result.failed { --tone: var(--failed); }
.result.expired { --tone: var(--expired); }
.developer { margin-top: 2rem; font-size: 0.875rem; color: var(--muted); }
.developer summary { cursor: pointer; min-height: 1.5rem; }
.developer dl { display: grid; grid-template-columns: auto 1fr; gap: 0 1rem; margin: 0.5rem 0; }
.developer dd { margin: 0; }
.developer code { font-size: 0.8125rem; }
.developer ul { margin: 0.25rem 0; padding-left: 1.25rem; }
`;

export const PAGE_STYLES_HASH = `sha256-${createHash('sha256').update(PAGE_STYLES).digest('base64')}`;

/** The element whole, so that no template formatting can add whitespace that the hash does not cover. */
export const PAGE_STYLE_ELEMENT = `<style>${PAGE_STYLES}</style>`;
