// custom-elements.json and the JSX types generated from it are committed (and shipped): they must
// say what the source says. The analyzer runs again here; a difference means a file was not regenerated.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';

const JSX_TYPES = 'frameworks/generated/jsx.d.ts';

describe('the committed custom-elements.json and JSX types', () => {
  let outdir: string;
  let committedJsx: string;
  let generatedJsx: string;

  before(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'kyc-verify-manifest-'));
    committedJsx = await readFile(JSX_TYPES, 'utf8');
    await promisify(execFile)('npx', ['cem', 'analyze', '--outdir', outdir]);
    generatedJsx = await readFile(JSX_TYPES, 'utf8');
    // The generator writes into the tree: leave it as committed, whatever this test finds.
    if (generatedJsx !== committedJsx) await writeFile(JSX_TYPES, committedJsx);
  });
  // The analyzer also writes under the working directory, joined with the absolute path it was given.
  after(() => Promise.all([outdir, join('.', outdir)].map((dir) => rm(dir, { recursive: true, force: true }))));

  it('matches what the analyzer makes of the source (run `npm run build:manifest`)', async () => {
    const generated = JSON.parse(await readFile(join(outdir, 'custom-elements.json'), 'utf8'));
    assert.deepEqual(JSON.parse(await readFile('custom-elements.json', 'utf8')), generated);
  });

  it('ships the JSX types generated from it', () => {
    assert.equal(committedJsx, generatedJsx);
  });
});
