// The table of what each part of the standalone bundle costs, in docs/package.md, against a fresh
// measurement (bench/size/parts.ts: one build per part). Shown to a tenth of a kilobyte, a row may
// be 100 B off before the table must be written again: small changes leave it alone, none drifts far.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { bundleParts, partRows, type BundleParts } from '../../bench/size/parts.js';

/** How far a row's figure may be from the measured bytes: the rounding, and 50 B of drift. */
const DRIFT = 100;

/** The rows of docs/package.md's tables, by their first cell: the second cell's kilobytes. */
async function documentedKilobytes(): Promise<Map<string, number>> {
  const page = await readFile('docs/package.md', 'utf8');
  const rows = page.matchAll(/^\| (.+?) +\| +([\d.]+) KB +\|.*\|$/gm);
  return new Map([...rows].map(([, name, kilobytes]) => [name!, Number(kilobytes) * 1000]));
}

describe('what each part of the standalone bundle costs (docs/package.md)', () => {
  let measured: BundleParts;
  before(async () => {
    measured = await bundleParts();
  });

  it(`shows each part and the whole within ${DRIFT} B of a fresh measurement`, async () => {
    const documented = await documentedKilobytes();
    const rows = [...measured.parts, { name: 'the whole bundle', gzip: measured.whole }];
    const off = rows.filter(({ name, gzip }) => !(Math.abs((documented.get(name) ?? -Infinity) - gzip) <= DRIFT));
    assert.deepEqual(
      off.map(({ name }) => name),
      [],
      `docs/package.md's table of the parts, measured now:\n${partRows(measured).join('\n')}`,
    );
  });
});
