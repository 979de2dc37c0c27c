// docs/accessibility.md's conformance table is checked against what it cites: every A and AA success
// criterion of WCAG 2.2 has one row, each verdict is one of the report's three, a "Supports" or
// "Partially supports" row names at least one test that exists under that name in that file, and a
// row without evidence says why it does not apply.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

/** WCAG 2.2's success criteria at levels A and AA (4.1.1 Parsing is obsolete and removed in 2.2). */
const WCAG_22_A_AA = (
  '1.1.1 1.2.1 1.2.2 1.2.3 1.2.4 1.2.5 1.3.1 1.3.2 1.3.3 1.3.4 1.3.5 1.4.1 1.4.2 1.4.3 1.4.4 1.4.5 1.4.10 1.4.11 1.4.12 1.4.13 2.1.1 2.1.2 2.1.4 2.2.1 2.2.2 2.3.1 2.4.1 2.4.2 ' +
  '2.4.3 2.4.4 2.4.5 2.4.6 2.4.7 2.4.11 2.5.1 2.5.2 2.5.3 2.5.4 2.5.7 2.5.8 3.1.1 3.1.2 3.2.1 3.2.2 3.2.3 3.2.4 3.2.6 3.3.1 3.3.2 3.3.3 3.3.4 3.3.7 3.3.8 4.1.2 4.1.3'
).split(' ');
const VERDICTS = ['Supports', 'Partially supports', 'Not applicable'];

interface Row {
  criterion: string;
  verdict: string;
  evidence: string;
  limits: string;
}

async function conformanceRows(): Promise<Row[]> {
  const report = await readFile('docs/accessibility.md', 'utf8');
  const table = report.split('<!-- conformance:start -->')[1]!.split('<!-- conformance:end -->')[0]!;
  return table
    .split('\n')
    .filter((line) => /^\| \d/.test(line))
    .map((line) => {
      const [criterion, , verdict, evidence, limits] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { criterion: criterion!.split(' ')[0]!, verdict: verdict!, evidence: evidence!, limits: limits! };
    });
}

/** A test file's source and that of the modules beside it that it imports (the matrix's scenes). */
async function withSiblingImports(file: string): Promise<string> {
  const source = await readFile(file, 'utf8');
  const siblings = [...source.matchAll(/from '\.\/([\w-]+)\.js'/g)].map(([, name]) => file.replace(/[^/]+$/, `${name}.ts`));
  return [source, ...(await Promise.all(siblings.map((sibling) => readFile(sibling, 'utf8'))))].join('\n');
}

/** Each `file › "test name"` of an evidence cell. */
const citations = (evidence: string) =>
  [...evidence.matchAll(/(test\/[\w/.-]+\.ts) › "([^"]+)"/g)].map(([, file, name]) => ({ file: file!, name: name! }));

describe('the accessibility conformance report (docs/accessibility.md)', () => {
  it('has one row for each A and AA success criterion of WCAG 2.2, in order', async () => {
    assert.deepEqual(
      (await conformanceRows()).map((row) => row.criterion),
      WCAG_22_A_AA,
    );
  });

  it('gives each criterion a verdict of the report, and says why where nothing is cited', async () => {
    for (const row of await conformanceRows()) {
      assert.ok(VERDICTS.includes(row.verdict), `${row.criterion}: "${row.verdict}"`);
      if (row.verdict === 'Not applicable') assert.ok(row.limits && !row.evidence, `${row.criterion}: says why, cites nothing`);
      if (row.verdict === 'Partially supports') assert.ok(row.limits, `${row.criterion}: says what is missing`);
    }
  });

  it('backs every "Supports" and "Partially supports" with tests that exist under the names it cites', async () => {
    for (const row of await conformanceRows()) {
      if (row.verdict === 'Not applicable') continue;
      const cited = citations(row.evidence);
      assert.ok(cited.length > 0, `${row.criterion}: cites no test`);
      for (const { file, name } of cited) {
        assert.ok(existsSync(file), `${row.criterion}: ${file} does not exist`);
        const source = await withSiblingImports(file);
        // A test's name as written in it(…) or each(…) (states.test.ts), or as a scene the matrix walks, named `name: '…'` in scenes.ts.
        const named = [`it('${name}'`, `it("${name}"`, `it(\`${name}\``, `each('${name}'`, `each("${name}"`, `name: '${name}'`].some(
          (form) => source.includes(form),
        );
        assert.ok(named, `${row.criterion}: no test "${name}" in ${file}`);
      }
    }
  });
});
