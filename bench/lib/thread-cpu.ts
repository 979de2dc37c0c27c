import { readFileSync } from 'node:fs';

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/**
 * The CPU time this process's main thread has had, in µs: where JavaScript runs, and what bounds a server's polls per
 * second. Linux tells it to the nanosecond (its schedstat); unlike `process.cpuUsage()` it leaves out the threads V8
 * runs beside it (concurrent marking, compilation), whose work lands in whichever measurement is running when they
 * do. Elsewhere, the process's CPU time.
 */
export function mainThreadMicros(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1000;
  } catch {
    const { user, system } = process.cpuUsage();
    return user + system;
  }
}

/** The process's CPU time, all threads, in µs. */
export function processMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}
