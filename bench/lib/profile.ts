import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Runs `run`; with `BENCH_CPU_PROFILES=<folder>` in the environment, under V8's CPU profiler, its
 * profile written to `<folder>/<name>.cpuprofile` (open it in Chrome DevTools' Performance panel).
 * The profiler slows the process: figures of a profiled run are not the record's.
 */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILES;
  if (!folder) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    console.error(`bench: CPU profile of ${name} in ${join(folder, `${name}.cpuprofile`)}`);
  }
}
