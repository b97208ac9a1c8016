/**
 * Turns for the workers' start: each worker boots vitest's runtime and imports the suites' shared
 * modules once, and all of them starting at once share the cores until the last is done. With one
 * turn per core the first workers are ready after their own start, so checks start sending while
 * later workers still boot. Vitest's pool asks for the turns as it starts the workers, in the
 * files' start order (suites/harness/threads-in-turns.ts), and a worker gives its turn back once
 * its setup file has imported the shared modules. A turn not given back within `maxHoldMs` is
 * taken back, so a worker that dies while starting stalls nobody.
 */
export interface StartupTurns {
  /** Resolves with the turn's number, which `giveBack` names; turns go out in the order asked. */
  take(): Promise<number>;
  /** Ends the named turn; a turn already taken back (held too long) or given back ends nothing. */
  giveBack(turn: number): void;
  close(): void;
}

export function createStartupTurns(slots: number, { maxHoldMs = 5000 }: { maxHoldMs?: number } = {}): StartupTurns {
  let free = Math.max(1, slots);
  const waiting: ((turn: number) => void)[] = [];
  let issued = 0;
  const held = new Map<number, NodeJS.Timeout>();

  function end(turn: number): void {
    const timer = held.get(turn);
    if (timer === undefined) return;
    clearTimeout(timer);
    held.delete(turn);
    free += 1;
    next();
  }

  function next(): void {
    while (free > 0 && waiting.length > 0) {
      free -= 1;
      const turn = (issued += 1);
      const timer = setTimeout(() => end(turn), maxHoldMs);
      timer.unref();
      held.set(turn, timer);
      waiting.shift()?.(turn);
    }
  }

  return {
    take: () =>
      new Promise<number>((resolve) => {
        waiting.push(resolve);
        next();
      }),
    giveBack: end,
    close: () => {
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
      waiting.splice(0).forEach((resolve) => resolve(0));
    },
  };
}

/**
 * The pacer's turns, for the pool that starts vitest's workers: both live in vitest's main
 * process, but the global setup and the config load their modules each into an instance of its
 * own, so the turns go through the process-wide symbol registry.
 */
const SHARED = Symbol.for('cpf-conformance.startupTurns');

export function shareStartupTurns(turns: StartupTurns | undefined): void {
  (globalThis as { [SHARED]?: StartupTurns })[SHARED] = turns;
}

export function sharedStartupTurns(): StartupTurns | undefined {
  return (globalThis as { [SHARED]?: StartupTurns })[SHARED];
}
