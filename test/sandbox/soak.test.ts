import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const CAPACITY = 100;
const WARM_UP = 600;
const RUN = 1800;
/**
 * Heap the run may add once the store is full. Each transaction at the field limits holds about
 * 10 KB, so keeping the run's would add some 18 MB; the bounded store adds about 1 MB (code, caches).
 */
const ALLOWED_GROWTH_BYTES = 4 * 1024 * 1024;

test(`the heap stays flat over ${WARM_UP + RUN} creates of the largest transactions, ${CAPACITY} kept at most`, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'test/sandbox/fixtures/soak.ts', String(CAPACITY), String(WARM_UP), String(RUN)],
    { maxBuffer: 1024 * 1024 },
  );
  const { created, full, end } = JSON.parse(stdout) as { created: number; full: number; end: number };
  assert.equal(created, WARM_UP + RUN);
  assert.ok(end - full < ALLOWED_GROWTH_BYTES, `the heap grew by ${end - full} bytes after the store was full (${full} → ${end})`);
});
