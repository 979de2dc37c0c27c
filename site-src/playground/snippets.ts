/**
 * The code to copy for what the playground shows: the element with the attributes set, its
 * stylesheet (custom properties and parts), and a listener for each of its events, in a page (HTML)
 * and in React 19, Vue 3 and Svelte 5 as docs/frameworks.md writes them. Pure: test/site compiles
 * each framework's snippet with its own compiler.
 */

export interface Shown {
  tagName: string;
  /** The attributes set, in the manifest's order: a value, or `true` for a boolean attribute present. */
  attributes: [name: string, value: string | true][];
  /** The stylesheet of the element, or '' when nothing is styled. */
  css: string;
  events: string[];
}

export type Framework = 'html' | 'react' | 'vue' | 'svelte' | 'css';

/** The rules for `tagName`: a custom property per entry of `properties`, the declarations of each part of `parts`. */
export function stylesheet(tagName: string, properties: Record<string, string>, parts: Record<string, string>): string {
  const declarations = (entries: [string, string][]) => entries.map(([name, value]) => `  ${name}: ${value};`).join('\n');
  const setProperties = Object.entries(properties).filter(([, value]) => value.trim());
  const rules = setProperties.length
    ? [`${tagName} {\n${declarations(setProperties.map(([name, value]) => [name, value.trim()]))}\n}`]
    : [];
  for (const [part, text] of Object.entries(parts)) {
    const partDeclarations = text
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => `  ${declaration};`)
      .join('\n');
    if (partDeclarations) rules.push(`${tagName}::part(${part}) {\n${partDeclarations}\n}`);
  }
  return rules.join('\n');
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => (line ? `${' '.repeat(spaces)}${line}` : line))
    .join('\n');

const htmlAttribute = ([name, value]: [string, string | true]) =>
  value === true ? name : `${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;

function html({ tagName, attributes, css, events }: Shown): string {
  const style = css ? `<style>\n${indent(css, 2)}\n</style>\n\n` : '';
  const listeners = events.map((event) => `  kyc.addEventListener('${event}', (event) => console.log('${event}', event.detail));`);
  return [
    `<script type="module" src="/assets/kyc-verify.bundle.js"></script>\n`,
    `${style}<${tagName}${attributes.map((attribute) => ` ${htmlAttribute(attribute)}`).join('')}></${tagName}>\n`,
    `<script type="module">\n  const kyc = document.querySelector('${tagName}');\n${listeners.join('\n')}\n</script>`,
  ].join('\n');
}

/** A JSX or Vue attribute: a string value as a literal, when it holds no quote. */
const quoted = (name: string, value: string, expression: (text: string) => string) =>
  value.includes('"') ? `${name}=${expression(JSON.stringify(value))}` : `${name}="${value}"`;

function react({ tagName, attributes, events }: Shown): string {
  const props = [
    ...attributes.map(([name, value]) => (value === true ? name : quoted(name, value, (text) => `{${text}}`))),
    ...events.map((event) => `on${event}={log}`),
  ];
  return `import 'kyc-verify/define';
import type {} from 'kyc-verify/types/react';

const log = (event: CustomEvent<unknown>) => console.log(event.type, event.detail);

export function Verify() {
  return (
    <${tagName}
${props.map((prop) => `      ${prop}`).join('\n')}
    />
  );
}
`;
}

function vue({ tagName, attributes, css, events }: Shown): string {
  const props = [
    ...attributes.map(([name, value]) => (value === true ? name : quoted(name, value, (text) => `'${text.replaceAll("'", "\\'")}'`))),
    ...events.map((event) => `@${event}="log"`),
  ];
  const style = css ? `\n<style>\n${css}\n</style>\n` : '';
  return `<script setup lang="ts">
import 'kyc-verify/define';
import type {} from 'kyc-verify/types/vue';

const log = (event: CustomEvent<unknown>) => console.log(event.type, event.detail);
</script>

<template>
  <${tagName}
${props.map((prop) => `    ${prop}`).join('\n')}
  />
</template>
${style}`;
}

/** Svelte reads braces in attributes as expressions: `{uuid}` becomes the `:uuid` segment, other braces an expression. */
function svelteAttribute([name, value]: [string, string | true]): string {
  if (value === true) return name;
  const text = value.replaceAll('{uuid}', ':uuid');
  return /[{}"]/.test(text) ? `${name}={${JSON.stringify(text)}}` : `${name}="${text}"`;
}

function svelte({ tagName, attributes, css, events }: Shown): string {
  const props = [...attributes.map(svelteAttribute), ...events.map((event) => `on${event}={log}`)];
  // Svelte scopes a component's styles: the element's rules are global.
  const style = css
    ? `\n<style>\n${indent(css.replace(new RegExp(`^${tagName}(\\S*) \\{`, 'gm'), `:global(${tagName}$1) {`), 2)}\n</style>\n`
    : '';
  return `<script lang="ts">
  import 'kyc-verify/define';
  import type {} from 'kyc-verify/types/svelte';

  const log = (event: CustomEvent<unknown>) => console.log(event.type, event.detail);
</script>

<${tagName}
${props.map((prop) => `  ${prop}`).join('\n')}
></${tagName}>
${style}`;
}

export const SNIPPETS: Record<Framework, { label: string; language: string; write: (shown: Shown) => string }> = {
  html: { label: 'HTML', language: 'html', write: html },
  react: { label: 'React 19', language: 'tsx', write: react },
  vue: { label: 'Vue 3', language: 'vue', write: vue },
  svelte: { label: 'Svelte 5', language: 'svelte', write: svelte },
  css: { label: 'CSS', language: 'css', write: ({ css }) => css || '/* Nothing styled: the element keeps its defaults. */' },
};
