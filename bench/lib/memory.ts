import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Time for V8's background thread to unmap what the collection freed. */
const SETTLE_MS = 2000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * This process's memory after a full, compacting garbage collection: what it holds once idle (the
 * memory reducer compacts an idle heap so), not the free pages a burst of allocations left behind,
 * which move the resident figure by several KB per stream from one run to the next.
 */
export async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  setFlagsFromString('--compact-on-every-full-gc');
  collectGarbage();
  collectGarbage();
  setFlagsFromString('--no-compact-on-every-full-gc');
  // V8 hands the pages it freed back to the system from a background thread, soon after.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return process.memoryUsage();
}
