/**
 * Judgements that wait until the recording has shown everything that overlapped them: a request
 * that started before a read was answered may come later in a recording (parallel clients, a
 * proxy writing answers as they end), and it may have changed what the read shows. A judgement is
 * run once an exchange starts `SETTLE_MS` after its moment, or at the end of the observation.
 */
export const SETTLE_MS = 5_000;

/** Judgements waiting at most; beyond it the oldest is run early (a proxy may observe for days). */
const WAITING = 20_000;

export class Settler {
  #waiting: { due: number; run: () => void }[] = [];
  #earliest = Infinity;

  /** Runs `run` once the recording has passed `moment` by `SETTLE_MS`. */
  after(moment: number, run: () => void): void {
    const due = moment + SETTLE_MS;
    this.#waiting.push({ due, run });
    this.#earliest = Math.min(this.#earliest, due);
    if (this.#waiting.length > WAITING) this.#waiting.shift()?.run();
  }

  /** An exchange that started at `now` was seen: the judgements due by then run. */
  advance(now: number): void {
    if (now < this.#earliest) return;
    const due = this.#waiting.filter((w) => w.due <= now);
    this.#waiting = this.#waiting.filter((w) => w.due > now);
    this.#earliest = this.#waiting.reduce((min, w) => Math.min(min, w.due), Infinity);
    for (const w of due) w.run();
  }

  flush(): void {
    const all = this.#waiting;
    this.#waiting = [];
    this.#earliest = Infinity;
    for (const w of all) w.run();
  }
}
