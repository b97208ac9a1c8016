const SIGNALS: ReadonlySet<string | symbol> = new Set(['SIGINT', 'SIGTERM']);

/**
 * Runs `start` (vitest's createVitest) with SIGINT and SIGTERM listeners it adds left out. vitest's
 * logger ends the process on either (exit 130 or 143, before any report is written); the CLI
 * handles them itself (main.ts) and cancels the run, which then writes its reports. Left out as
 * they are added, not removed after: a CI runner's cancel during vitest's start-up would find
 * them there.
 */
export async function withoutVitestSignalExits<T>(start: () => Promise<T>): Promise<T> {
  const { on, once, addListener } = process;
  const skipping =
    (add: typeof process.on) =>
    (event: string | symbol, listener: (...args: unknown[]) => void): NodeJS.Process =>
      SIGNALS.has(event) ? process : add.call(process, event, listener);
  process.on = skipping(on) as typeof process.on;
  process.once = skipping(once) as typeof process.once;
  process.addListener = skipping(addListener) as typeof process.addListener;
  try {
    return await start();
  } finally {
    process.on = on;
    process.once = once;
    process.addListener = addListener;
  }
}
