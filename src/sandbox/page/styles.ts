import { createHash } from 'node:crypto';

/** The page's only styles: one <style> block, allowed by its hash in the Content-Security-Policy. */
const PAGE_STYLES = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f4f5f7; }
body { margin: 0; }
main { max-width: 32rem; margin: 0 auto; padding: 1rem; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; }
h1 { font-size: 1.25rem; margin: 0.5rem 0; }
h2 { font-size: 1.125rem; margin: 1rem 0 0.5rem; }
.notice { font-size: 0.875rem; background: #fff7d6; border: 1px solid #b38f00; padding: 0.5rem; border-radius: 0.25rem; }
.problem { background: #fdecea; border: 1px solid #b3261e; padding: 0.5rem; border-radius: 0.25rem; }
.timer { font-variant-numeric: tabular-nums; font-weight: 600; }
form { display: grid; gap: 0.5rem; }
fieldset { display: grid; gap: 0.5rem; border: 1px solid #8a8f98; border-radius: 0.25rem; padding: 0.75rem; }
button, .continue { display: block; min-height: 2.75rem; padding: 0.5rem 1rem; font: inherit; text-align: left; border-radius: 0.25rem; border: 1px solid #1f4fbf; background: #fff; color: #1f4fbf; cursor: pointer; text-decoration: none; }
button.primary, .continue { background: #1f4fbf; color: #fff; text-align: center; }
button:focus-visible, a:focus-visible { outline: 3px solid #f5a400; outline-offset: 2px; }
a { color: #1f4fbf; }
`;

export const PAGE_STYLES_HASH = `sha256-${createHash('sha256').update(PAGE_STYLES).digest('base64')}`;

/** The element whole, so that no template formatting can add whitespace that the hash does not cover. */
export const PAGE_STYLE_ELEMENT = `<style>${PAGE_STYLES}</style>`;
