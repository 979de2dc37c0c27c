// The repository explains itself: the README is a short front door to docs/, every link of the
// documentation leads somewhere that exists, and source comments cite only what the repository holds.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const docsPages = tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file));
const documents = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', ...docsPages];
const read = (file: string) => readFileSync(file, 'utf8');

/** The prose of a markdown file: fenced code blocks and inline code spans left out. */
const proseOf = (markdown: string) => markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

/** The targets of a markdown file's inline links, as written. */
const linksOf = (markdown: string) => [...proseOf(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!);

const isRelative = (target: string) => !/^[a-z][a-z+.-]*:/i.test(target);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const anchorsOf = (file: string) =>
  new Set(
    [
      ...read(file)
        .replace(/^```[\s\S]*?^```$/gm, '')
        .matchAll(/^#{1,6}\s+(.+)$/gm),
    ].map(([, heading]) => anchorOf(heading!)),
  );

describe('the documentation', () => {
  it('README.md links to every page of docs/', () => {
    const linked = new Set(linksOf(read('README.md')).map((target) => target.split('#')[0]));
    assert.ok(docsPages.length > 0, 'docs/ has pages');
    assert.deepEqual(
      docsPages.filter((page) => !linked.has(page)),
      [],
    );
  });

  it('README.md is under 300 lines', () => {
    const lines = read('README.md').split('\n').length;
    assert.ok(lines < 300, `README.md has ${lines} lines`);
  });

  it('every relative link of README.md, CHANGELOG.md, CONTRIBUTING.md and docs/*.md leads to a file', () => {
    const broken = documents.flatMap((file) =>
      linksOf(read(file))
        .filter(isRelative)
        .map((target) => target.split('#')[0]!)
        .filter((path) => path && !existsSync(join(dirname(file), decodeURIComponent(path))))
        .map((path) => `${file} → ${path}`),
    );
    assert.deepEqual(broken, []);
  });

  it('every anchor of those links names a heading of the page it leads to', () => {
    const broken = documents.flatMap((file) =>
      linksOf(read(file))
        .filter((target) => isRelative(target) && target.includes('#'))
        .filter((target) => {
          const [path, anchor] = target.split('#') as [string, string];
          const page = path ? join(dirname(file), path) : file;
          return page.endsWith('.md') && existsSync(page) && !anchorsOf(page).has(anchor);
        })
        .map((target) => `${file} → ${target}`),
    );
    assert.deepEqual(broken, []);
  });
});

/** Every comment of a TypeScript file, once each, with its line. */
function commentsOf(file: string): { line: number; text: string }[] {
  const text = read(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = new Map<number, string>();
  const visit = (node: ts.Node) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
    ];
    for (const range of ranges) found.set(range.pos, text.slice(range.pos, range.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

const trackedNames = new Set(tracked.flatMap((file) => [file, basename(file)]));

/** What a comment cites that a clone of the repository does not have. */
function outsideCitations(comment: string): string[] {
  const citations: string[] = [];
  for (const [document] of comment.matchAll(/[\w./-]*[\w-]\.md\b/g)) if (!trackedNames.has(document)) citations.push(document);
  if (/\bspec\//.test(comment)) citations.push('spec/');
  // A section sign cites the service's specification: through our summary of it, docs/service.md.
  if (comment.includes('§') && !comment.includes('docs/service.md')) citations.push('§ without docs/service.md');
  return citations;
}

describe('source comments', () => {
  it('cite no document the repository does not hold (design.md, spec/, a bare spec §)', () => {
    const sources = tracked.filter((file) => file.startsWith('src/') && /\.tsx?$/.test(file) && existsSync(file));
    const cited = sources.flatMap((file) =>
      commentsOf(file).flatMap(({ line, text }) => outsideCitations(text).map((citation) => `${file}:${line}: ${citation}`)),
    );
    assert.deepEqual(cited, []);
  });
});
