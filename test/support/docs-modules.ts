/**
 * The documentation's code blocks as modules a test runs: a block of a page, under a heading, written
 * as it is into a file under test-results/ (inside the repository, so that its imports of other
 * packages resolve from node_modules), its imports of the package pointed at src.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package's entries a block may import, as the package's exports map them, in src. */
const ENTRIES: Record<string, string> = {
  'kyc-verify/server': 'src/server/index.ts',
  'kyc-verify/server/redis': 'src/server/redis/index.ts',
};

/** The code blocks of `language` under `heading` of `page` (up to the next heading of any level), in order. */
export async function blocksUnder(page: string, heading: string, language = 'ts'): Promise<string[]> {
  const lines = (await readFile(page, 'utf8')).split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `${page} has no heading "${heading}"`);
  const next = lines.findIndex((line, index) => index > start && /^#{1,6} /.test(line));
  const section = lines.slice(start + 1, next < 0 ? undefined : next);
  const blocks: string[] = [];
  for (let i = 0; i < section.length; i++) {
    if (section[i] !== `\`\`\`${language}`) continue;
    const end = section.indexOf('```', i + 1);
    blocks.push(section.slice(i + 1, end).join('\n'));
    i = end;
  }
  assert.ok(blocks.length, `${page} has no ${language} block under "${heading}"`);
  return blocks;
}

/** Writes `code` as the module `name` (test-results/docs-modules/<name>.ts), importing the package from src; its file URL. */
export async function moduleOf(name: string, code: string): Promise<string> {
  const folder = resolve('test-results/docs-modules');
  await mkdir(folder, { recursive: true });
  const file = resolve(folder, `${name}.ts`);
  const local = code.replace(/from '(kyc-verify\/[\w/]+)'/g, (_import, entry: string) => {
    assert.ok(ENTRIES[entry], `the block imports ${entry}, which this helper does not map`);
    return `from '${resolve(ENTRIES[entry])}'`;
  });
  await writeFile(file, local);
  return pathToFileURL(file).href;
}
