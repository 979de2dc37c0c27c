// The README's framework examples are the apps that the consumer tests check and run.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';

const FIXTURES = 'test/consumers/fixtures';

it("every code example of the README's Frameworks section is a consumer's file, verbatim", async () => {
  const readme = await readFile('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Frameworks\n'), readme.indexOf('<!-- performance:start -->'));
  const examples = [...section.matchAll(/^```\w+\n([\s\S]*?)^```$/gm)].map(([, code]) => code);
  const names = (await readdir(FIXTURES, { recursive: true })).filter((name) => /\.(tsx?|vue|svelte)$/.test(name));
  const files = await Promise.all(names.map((name) => readFile(join(FIXTURES, name), 'utf8')));
  assert.ok(examples.length >= 6, 'an example per framework');
  for (const example of examples) assert.ok(files.includes(example), `not a consumer's file:\n${example}`);
});
