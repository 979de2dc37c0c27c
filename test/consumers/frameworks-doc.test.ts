// The framework examples of docs/frameworks.md are the apps that the consumer tests check and run.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';

const FIXTURES = 'test/consumers/fixtures';

it('every code example of docs/frameworks.md is a consumer’s file, verbatim', async () => {
  const page = await readFile('docs/frameworks.md', 'utf8');
  const examples = [...page.matchAll(/^```\w+\n([\s\S]*?)^```$/gm)].map(([, code]) => code);
  const names = (await readdir(FIXTURES, { recursive: true })).filter((name) => /\.(tsx?|vue|svelte)$/.test(name));
  const files = await Promise.all(names.map((name) => readFile(join(FIXTURES, name), 'utf8')));
  assert.ok(examples.length >= 7, 'an example per framework, and the Vue compiler option');
  for (const example of examples) assert.ok(files.includes(example), `not a consumer's file:\n${example}`);
});
