/**
 * What the playground needs to know of the element, read at build time from custom-elements.json
 * (its knobs, events, parts, custom properties, languages) and from the package's types (the values
 * of `mode`), with the sandbox's test identities: the playground is generated from them, never copied.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
import { TEST_IDENTITIES } from '../../src/sandbox/identities.js';
import { formatRut } from '../../src/shared/rut.js';
import { REPOSITORY } from '../.vitepress/pages.js';
import { customElements, languageName, languages, type Manifest } from '../api/manifest.js';
import { packageTypes } from '../api/package-types.js';

/** One attribute's control: a checkbox, a number, a text, or a choice among values. */
export interface Knob {
  attribute: string;
  property: string;
  kind: 'boolean' | 'number' | 'text' | 'choice';
  choices: { value: string; label: string }[];
  /** The default, as the manifest writes it. */
  placeholder: string;
  description: string;
}

export interface ElementApi {
  tagName: string;
  knobs: Knob[];
  events: string[];
  parts: { name: string; description: string }[];
  customProperties: { name: string; description: string }[];
  identities: { nin: string; name: string }[];
}

declare const data: ElementApi;
export { data };

const MANIFEST = join(REPOSITORY, 'custom-elements.json');

export default defineLoader({
  watch: [MANIFEST],
  load(): ElementApi {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    const [{ module, element }] = customElements(manifest);
    const { unions } = packageTypes(REPOSITORY, 'src/index.ts');
    const spoken = languages(manifest, module.path).map(({ tag }) => ({ value: tag, label: `${tag}: ${languageName(tag)}` }));
    const knobs = (element.attributes ?? []).map((attribute): Knob => {
      const type = attribute.type?.text ?? 'string';
      const union = unions.get(type)?.map((value) => ({ value, label: value }));
      const choices = attribute.name === 'lang' ? spoken : (union ?? []);
      const kind = choices.length ? 'choice' : type === 'boolean' || type === 'number' ? type : 'text';
      return {
        attribute: attribute.name,
        property: attribute.fieldName ?? attribute.name,
        kind,
        choices,
        placeholder: attribute.default?.replace(/^'(.*)'$/, '$1') ?? '',
        description: attribute.description ?? '',
      };
    });
    return {
      tagName: element.tagName,
      knobs,
      events: (element.events ?? []).map((event) => event.name),
      parts: (element.cssParts ?? []).map(({ name, description = '' }) => ({ name, description })),
      customProperties: (element.cssProperties ?? []).map(({ name, description = '' }) => ({ name, description })),
      identities: Object.entries(TEST_IDENTITIES).map(([rut, person]) => ({
        nin: formatRut(rut),
        name: `${person.name} ${person.last_name}`,
      })),
    };
  },
});
