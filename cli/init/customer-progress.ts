/** How often a long read says how far it is. */
export const PROGRESS_EVERY_MS = 5_000;

/** Below this many customers init ends within seconds and needs no progress lines. */
const QUIET_UP_TO = 8;

/**
 * Counts the customers read as their reads settle; with more than a handful (a large pool at
 * 2 requests per second each takes minutes), says how far it is every few seconds and at the end.
 */
export function customerProgress(total: number, log: (line: string) => void, now: () => number = () => performance.now()): <T>(read: Promise<T>) => Promise<T> {
  const started = now();
  let done = 0;
  let told = started;
  return async (read) => {
    const seen = await read;
    done += 1;
    const at = now();
    if (total > QUIET_UP_TO && (done === total || at - told >= PROGRESS_EVERY_MS)) {
      told = at;
      log(`init: ${done} of ${total} customers read (${Math.round((at - started) / 1000)} s)`);
    }
    return seen;
  };
}
