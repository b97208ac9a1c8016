/**
 * Judgements that wait until the recording has shown everything that overlapped them: a request
 * that started before a read was answered may come later in a recording (parallel clients, a
 * proxy writing answers as they end), and it may have changed what the read shows. A judgement is
 * run once an exchange starts `SETTLE_MS` after its moment, or at the end of the observation.
 */
export const SETTLE_MS = 5_000;

/** Judgements waiting at most; beyond it the oldest is run early (a proxy may observe for days). */
const WAITING = 20_000;

interface Waiting {
  due: number;
  run: () => void;
}

function inDueOrder(waiting: readonly Waiting[]): boolean {
  let due = -Infinity;
  for (const w of waiting) {
    if (w.due < due) return false;
    due = w.due;
  }
  return true;
}

export class Settler {
  #waiting: Waiting[] = [];
  #earliest = Infinity;
  /**
   * Whether the judgements wait in the order they fall due, as they do unless answers come out of
   * order: then those due are the first ones, and the rest need not be looked at.
   */
  #inOrder = true;

  /** Runs `run` once the recording has passed `moment` by `SETTLE_MS`. */
  after(moment: number, run: () => void): void {
    const due = moment + SETTLE_MS;
    const last = this.#waiting.at(-1);
    if (last !== undefined && due < last.due) this.#inOrder = false;
    this.#waiting.push({ due, run });
    this.#earliest = Math.min(this.#earliest, due);
    if (this.#waiting.length > WAITING) this.#waiting.shift()?.run();
  }

  /** An exchange that started at `now` was seen: the judgements due by then run, in the order they came. */
  advance(now: number): void {
    if (now < this.#earliest) return;
    let due: Waiting[];
    if (this.#inOrder) {
      let count = 0;
      for (const w of this.#waiting) {
        if (w.due > now) break;
        count++;
      }
      due = this.#waiting.splice(0, count);
      this.#earliest = this.#waiting[0]?.due ?? Infinity;
    } else {
      due = this.#waiting.filter((w) => w.due <= now);
      this.#waiting = this.#waiting.filter((w) => w.due > now);
      this.#earliest = this.#waiting.reduce((min, w) => Math.min(min, w.due), Infinity);
      this.#inOrder = inDueOrder(this.#waiting);
    }
    for (const w of due) w.run();
  }

  flush(): void {
    const all = this.#waiting;
    this.#waiting = [];
    this.#earliest = Infinity;
    this.#inOrder = true;
    for (const w of all) w.run();
  }
}
