/**
 * Turns for the workers' start: each worker imports the suites' shared modules once (about 0.3 s
 * of CPU), and all of them starting at once share the cores until the last is done. With one
 * turn per core the first workers are ready after their own import, so checks start sending
 * while later workers still load. A turn not given back within `maxHoldMs` is taken back, so a
 * worker that dies while loading stalls nobody. Waiting workers get their turn by priority (the
 * weight of the file they load for), so the files that keep customers busy longest start first.
 */
export interface StartupTurns {
  take(priority?: number): Promise<void>;
  giveBack(): void;
  close(): void;
}

export function createStartupTurns(slots: number, maxHoldMs = 5000): StartupTurns {
  let free = Math.max(1, slots);
  const waiting: { priority: number; seq: number; resolve: () => void }[] = [];
  let arrivals = 0;
  const held = new Set<NodeJS.Timeout>();

  function giveBack(): void {
    const timer = held.values().next().value;
    if (timer === undefined) return;
    clearTimeout(timer);
    held.delete(timer);
    free += 1;
    next();
  }

  function next(): void {
    while (free > 0 && waiting.length > 0) {
      free -= 1;
      const timer: NodeJS.Timeout = setTimeout(() => {
        if (!held.delete(timer)) return;
        free += 1;
        next();
      }, maxHoldMs);
      timer.unref();
      held.add(timer);
      waiting.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
      waiting.shift()?.resolve();
    }
  }

  return {
    take: (priority = 0) =>
      new Promise<void>((resolve) => {
        waiting.push({ priority, seq: arrivals++, resolve });
        next();
      }),
    giveBack,
    close: () => {
      for (const timer of held) clearTimeout(timer);
      held.clear();
      waiting.splice(0).forEach((w) => w.resolve());
    },
  };
}
