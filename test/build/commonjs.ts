// What marks CommonJS in a file: what a bundler would have to wrap (Angular's "is not ESM" warning),
// or the wrapper a bundler already put around it, named or minified (`(t={exports:{}}).exports`).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const COMMONJS = /\brequire\(|\bexports\.\w|\.exports\b|\bexports:\{|__commonJS|__toESM|__toCommonJS|__require\b/g;

/** Each file under `dir` that holds a CommonJS mark, with the marks it holds. */
export async function commonJsUnder(dir: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const marks = (await readFile(path, 'utf8')).match(COMMONJS);
    if (marks) found[relative(dir, path)] = [...new Set(marks)];
  }
  return found;
}
