/**
 * The API reference of each custom element of custom-elements.json, as a Markdown page: attributes,
 * properties, methods, events with their `detail`'s fields, parts, custom properties, slots and the
 * languages. Generated at each build from the manifest (`npm run build:manifest` writes it from src),
 * so the reference cannot fall behind the element; test/site checks that every entry is on the page.
 */
import type { PackageTypes, TypeField } from './package-types.js';
import { customElements, eventClass, languageName, languages, type Manifest } from './manifest.js';

export interface ElementReference {
  tagName: string;
  markdown: string;
}

/** Markdown of a table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '');

function table(head: string[], rows: string[][]): string {
  if (!rows.length) return '_None._\n';
  return (
    [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n') +
    '\n'
  );
}

function fieldsTable(fields: TypeField[]): string {
  return table(
    ['field', 'type', 'description'],
    fields.map((field) => [code(`${field.name}${field.optional ? '?' : ''}`), code(field.type), cell(field.description)]),
  );
}

/**
 * The page of each element. `types` gives the fields and values of the types the manifest names (the
 * events' details, `KycVerifyMode`); `elementDocs` is the site's path of the element's guide, relative to the reference's folder.
 */
export function elementReference(manifest: Manifest, types: PackageTypes, elementDocs: string): ElementReference[] {
  const typeFields = types.fields;
  /** A type as the manifest names it, or its values when it names a union of strings (`KycVerifyMode`). */
  const typeText = (text: string | undefined) =>
    (text &&
      types.unions
        .get(text)
        ?.map((value) => `'${value}'`)
        .join(' | ')) ||
    text;
  return customElements(manifest).map(({ module, element }) => {
    const tagName = element.tagName!;
    const attributes = element.attributes ?? [];
    const withAttribute = new Set(attributes.map((attribute) => attribute.fieldName));
    const publicMembers = (element.members ?? []).filter((member) => !member.static && (member.privacy ?? 'public') === 'public');
    const properties = publicMembers.filter((member) => member.kind === 'field' && !withAttribute.has(member.name));
    const methods = publicMembers.filter((member) => member.kind === 'method');
    const events = element.events ?? [];
    const detailTypes = [
      ...new Set(events.flatMap((event) => (event.type?.text && typeFields.has(event.type.text) ? [event.type.text] : []))),
    ];
    const sections = [
      `# API reference: \`<${tagName}>\``,
      `${element.summary ?? ''}\n\n${element.description ?? ''}\n\nGenerated from the package's custom elements manifest, \`custom-elements.json\`. How to use each of these, with examples that run: [the element's guide](${elementDocs}); try them all in the [playground](../playground/index.md).`,
      '## Attributes',
      table(
        ['attribute', 'type', 'description'],
        attributes.map((attribute) => [
          `${code(attribute.name)}<br>property ${code(attribute.fieldName)}`,
          `${code(typeText(attribute.type?.text))}${attribute.default ? `<br>default ${code(attribute.default)}` : ''}`,
          cell(attribute.description),
        ]),
      ),
      '## Properties',
      'Properties without an attribute (set them from a script):\n',
      table(
        ['property', 'type', 'description'],
        properties.map((member) => [
          code(member.name),
          code(member.type?.text),
          `${member.readonly ? 'Read-only. ' : ''}${cell(member.description)}`,
        ]),
      ),
      '## Methods',
      table(
        ['method', 'description'],
        methods.map((method) => [
          code(
            `${method.name}(${(method.parameters ?? []).map((parameter) => `${parameter.name}: ${parameter.type?.text ?? 'unknown'}`).join(', ')}): ${method.return?.type?.text ?? 'void'}`,
          ),
          cell(method.description),
        ]),
      ),
      '## Events',
      'Each bubbles and is composed (it crosses shadow roots).\n',
      table(
        ['event', 'class', 'detail', 'description'],
        events.map((event) => [code(event.name), code(eventClass(manifest, event.name)), code(event.type?.text), cell(event.description)]),
      ),
      ...detailTypes.flatMap((name) => [`### \`${name}\``, fieldsTable(typeFields.get(name)!)]),
      '## Parts',
      'Style them with `::part()`.\n',
      table(
        ['part', 'description'],
        (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
      ),
      '## Custom properties',
      table(
        ['custom property', 'description'],
        (element.cssProperties ?? []).map((property) => [code(property.name), cell(property.description)]),
      ),
      '## Slots',
      table(
        ['slot', 'description'],
        (element.slots ?? []).map((slot) => [slot.name ? code(slot.name) : '(default)', cell(slot.description)]),
      ),
      '## Languages',
      'The values of `lang` the element speaks without being given its strings:\n',
      table(
        ['lang', 'language', 'strings'],
        languages(manifest, module.path).map(({ tag, path }) => [code(tag), languageName(tag), code(path)]),
      ),
    ];
    return { tagName, markdown: sections.join('\n\n') };
  });
}
