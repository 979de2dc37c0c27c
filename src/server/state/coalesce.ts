/** Callers of one key share one run: `task` starts only when no run for `key` is under way in `running`. */
export function coalesce<T>(running: Map<string, Promise<T>>, key: string, task: () => Promise<T>): Promise<T> {
  let run = running.get(key);
  if (!run) {
    run = task().finally(() => running.delete(key));
    running.set(key, run);
  }
  return run;
}
