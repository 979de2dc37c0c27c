// What the standalone bundle leaves out of Lit's production build, none of which the element uses in
// the browsers it supports (Chrome and Edge 123+, Firefox 124+, Safari 17.5+): 335 B gzip.
// - The hooks a page fills to run Lit under the old web components polyfills (browsers without
//   shadow DOM) or to hydrate server-rendered Lit (the element is never rendered on a server), and
//   the registry of Lit versions, which only Lit's development build reads to warn of two copies.
// - The fallback for browsers without constructable style sheets (<style> elements in the shadow
//   root): every supported browser adopts style sheets, so the test is answered once, here.
// - Attribute converters for properties of type Object and Array: the element has none.
// - The messages of two checks of the `css` tag that only code outside the bundle could fail (the
//   element's css`` templates hold no expressions, and CSSResult is not exported): they still throw.
// The ES module build leaves lit as an import, untouched. The rewrites match Lit's published text:
// each must match exactly once or the build fails, so a Lit release written differently cannot slip
// through (upgrade it on purpose, then run `npm run build:browser` and test/build).
import type { Plugin } from 'vite';

/** One edit to a Lit module: `find` must match exactly once, or the build fails. */
interface Rewrite {
  find: RegExp;
  replace: string;
}

const cut = (find: RegExp): Rewrite => ({ find, replace: '' });

/** The edits, by Lit module (its path under node_modules). */
const REWRITES: Record<string, Rewrite[]> = {
  '@lit/reactive-element/css-tag.js': [
    {
      find: /(?<=[,\s]\w+=)\w+\.ShadowRoot&&\(void 0===\w+\.ShadyCSS\|\|\w+\.ShadyCSS\.nativeShadow\)&&"adoptedStyleSheets"in Document\.prototype&&"replace"in CSSStyleSheet\.prototype/g,
      replace: '!0',
    },
    cut(/"CSSResult is not constructable[^"]*"/g),
    cut(/"Value passed to 'css' function[^"]*"\+\w+\+"[^"]*"/g),
  ],
  '@lit/reactive-element/reactive-element.js': [
    // `p = globalThis.reactiveElementPolyfillSupport`, called with the class once it is defined.
    cut(/,\w+=\w+\.reactiveElementPolyfillSupport(?=,)/g),
    cut(/,\w+\?\.\(\{ReactiveElement:\w+\}\),\(\w+\.reactiveElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/g),
    cut(/case Object:case Array:\w+=null==\w+\?\w+:JSON\.stringify\(\w+\)/g),
    cut(/case Object:case Array:try\{\w+=JSON\.parse\(\w+\)\}catch\(\w+\)\{\w+=null\}/g),
  ],
  'lit-html/lit-html.js': [cut(/,\w+=\w+\.litHtmlPolyfillSupport;\w+\?\.\(\w+,\w+\),\(\w+\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\)/g)],
  'lit-element/lit-element.js': [
    cut(/,\w+\.litElementHydrateSupport\?\.\(\{LitElement:\w+\}\);const \w+=\w+\.litElementPolyfillSupport;\w+\?\.\(\{LitElement:\w+\}\)/g),
    cut(/;\(\w+\.litElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/g),
  ],
};

/** Leaves out of Lit's modules what the element never uses (above). */
export function trimLit(): Plugin {
  return {
    name: 'kyc-verify:trim-lit',
    // Builds only: the dev server hands Lit to the browser as it is.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const module = Object.keys(REWRITES).find((path) => id.replaceAll('\\', '/').endsWith(`/node_modules/${path}`));
      if (!module) return null;
      let trimmed = code;
      for (const { find, replace } of REWRITES[module]!) {
        const found = trimmed.match(find)?.length ?? 0;
        if (found !== 1) this.error(`${id}: ${found} matches of ${find}, where the rewrite expects exactly one`);
        trimmed = trimmed.replace(find, replace);
      }
      return { code: trimmed, map: null };
    },
  };
}
