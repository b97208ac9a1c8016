/**
 * Turns for the workers' start: each worker imports the suites' shared modules once, and all of them starting at once share the cores until the last is done. With one
 * turn per core the first workers are ready after their own import, so checks start sending
 * while later workers still load. A turn not given back within `maxHoldMs` is taken back, so a
 * worker that dies while loading stalls nobody. Waiting workers get their turn by priority (the
 * weight of the file they load for), so the files that keep customers busy longest start first.
 */
export interface StartupTurns {
  /** Resolves with the turn's number, which `giveBack` names. */
  take(priority?: number): Promise<number>;
  /** Ends the named turn; a turn already taken back (held too long) or given back ends nothing. */
  giveBack(turn: number): void;
  close(): void;
}

/**
 * `gatherMs`: the first turns are handed out that long after the first worker asked, so they go
 * by priority rather than to whichever workers happened to start first.
 */
export function createStartupTurns(slots: number, { maxHoldMs = 5000, gatherMs = 0 }: { maxHoldMs?: number; gatherMs?: number } = {}): StartupTurns {
  let free = Math.max(1, slots);
  let gathering: NodeJS.Timeout | undefined;
  let gathered = gatherMs <= 0;
  const waiting: { priority: number; seq: number; resolve: (turn: number) => void }[] = [];
  let arrivals = 0;
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
    if (!gathered) {
      gathering ??= setTimeout(() => {
        gathered = true;
        next();
      }, gatherMs);
      return;
    }
    while (free > 0 && waiting.length > 0) {
      free -= 1;
      const turn = (issued += 1);
      const timer = setTimeout(() => end(turn), maxHoldMs);
      timer.unref();
      held.set(turn, timer);
      waiting.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
      waiting.shift()?.resolve(turn);
    }
  }

  return {
    take: (priority = 0) =>
      new Promise<number>((resolve) => {
        waiting.push({ priority, seq: arrivals++, resolve });
        next();
      }),
    giveBack: end,
    close: () => {
      clearTimeout(gathering);
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
      waiting.splice(0).forEach((w) => w.resolve(0));
    },
  };
}
