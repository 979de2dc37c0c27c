// `npm pack` as the tests and the bench need it: the package built, then packed into a folder.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PackedPackage {
  /** The tarball's path. */
  tarball: string;
  /** The tarball's bytes, and the bytes of the files in it. */
  size: number;
  unpackedSize: number;
  /** The paths of the files in it, sorted. */
  files: string[];
}

/** Builds the package from `root` (npm's prepack does the same), then packs it into `destination`. */
export async function packPackage(root: string, destination: string): Promise<PackedPackage> {
  await run('npm', ['run', 'build'], { cwd: root, maxBuffer: 1 << 24 });
  // The build just ran: --ignore-scripts keeps prepack's output out of the JSON answer.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: root });
  const [packed] = JSON.parse(stdout) as [{ filename: string; size: number; unpackedSize: number; files: { path: string }[] }];
  return {
    tarball: join(destination, packed.filename),
    size: packed.size,
    unpackedSize: packed.unpackedSize,
    files: packed.files.map((file) => file.path).sort(),
  };
}
