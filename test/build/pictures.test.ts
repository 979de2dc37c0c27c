/** docs/element.md shows every state of the widget as a picture: each state of the list has its file, shown there, and no other picture is left. */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { PICTURES, picturesSection } from '../../scripts/pictures-section.js';
import { SCENES } from '../e2e/scenes.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const states = SCENES.map(({ name }) => name);

test('every state of the widget has its picture, and no picture is of a state no longer listed (npm run pictures draws them)', async () => {
  const files = (await readdir(PICTURES)).sort();
  assert.deepEqual(files, states.map((state) => `${state}.png`).sort());
  for (const file of files) assert.ok((await readFile(`${PICTURES}/${file}`)).subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`);
});

test("docs/element.md shows every state's picture under its name, in the list's order", async () => {
  assert.ok((await readFile('docs/element.md', 'utf8')).includes(picturesSection(states)), 'run npm run pictures');
});
