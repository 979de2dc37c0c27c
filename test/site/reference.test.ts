// The API reference (api/kyc-verify.html) is generated from custom-elements.json at each build: every
// attribute (with its property), property, method, event (with its detail's fields), part, custom
// property, slot and language of the manifest is on the page, each in its own section.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { customElements, languages, type Manifest } from '../../site-src/api/manifest.js';
import { buildSite, type BuiltSite } from './support/site.js';

const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
const [{ module, element }] = customElements(manifest);

/** The HTML of the page's section under the heading whose id is `id`, to the next heading of its level. */
function section(page: string, id: string): string {
  const start = page.indexOf(`<h2 id="${id}"`);
  assert.ok(start >= 0, `no section #${id}`);
  const end = page.indexOf('<h2 ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The names of `expected` that the section does not show as code. */
const missing = (html: string, expected: string[]) => expected.filter((name) => !html.includes(`<code>${name}</code>`));

describe('the API reference lists the whole manifest', () => {
  let site: BuiltSite;
  let page: string;

  before(async () => {
    site = await buildSite();
    page = await readFile(join(site.dir, 'api', `${element.tagName}.html`), 'utf8');
  });

  after(() => site?.remove());

  it('every attribute, with its property', () => {
    const attributes = element.attributes ?? [];
    assert.ok(attributes.length > 0);
    assert.deepEqual(missing(section(page, 'attributes'), attributes.flatMap(({ name, fieldName }) => [name, fieldName ?? name])), []);
  });

  it('every public property without an attribute, and every method', () => {
    const members = (element.members ?? []).filter((member) => !member.static && (member.privacy ?? 'public') === 'public');
    const withAttribute = new Set((element.attributes ?? []).map((attribute) => attribute.fieldName));
    const properties = members.filter((member) => member.kind === 'field' && !withAttribute.has(member.name)).map((member) => member.name);
    assert.deepEqual(missing(section(page, 'properties'), properties), []);
    const methods = section(page, 'methods');
    assert.deepEqual(
      members.filter((member) => member.kind === 'method').filter((method) => !methods.includes(`<code>${method.name}(`)),
      [],
    );
  });

  it("every event with its detail's type, and that type's fields", () => {
    const events = section(page, 'events');
    const types = [...new Set((element.events ?? []).map((event) => event.type!.text))];
    assert.deepEqual(missing(events, [...(element.events ?? []).map((event) => event.name), ...types]), []);
    for (const type of types) assert.match(events, new RegExp(`<h3 id="${type.toLowerCase()}"`), `the fields of ${type}`);
    assert.deepEqual(missing(events, ['uuid', 'state', 'step', 'code', 'issueDescription', 'handoff?', 'kind', 'message', 'retrying']), []);
  });

  it('every part, custom property and slot', () => {
    assert.deepEqual(missing(section(page, 'parts'), (element.cssParts ?? []).map((part) => part.name)), []);
    assert.deepEqual(missing(section(page, 'custom-properties'), (element.cssProperties ?? []).map((property) => property.name)), []);
    assert.equal((element.slots ?? []).length, 1);
    assert.match(section(page, 'slots'), /\(default\)/);
  });

  it('every language the element speaks', () => {
    const tags = languages(manifest, module.path).map((language) => language.tag);
    assert.deepEqual(tags.sort(), ['en', 'es', 'pt-BR']);
    assert.deepEqual(missing(section(page, 'languages'), tags), []);
  });
});
