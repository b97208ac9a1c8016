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

export class Settler {
  /** The judgements from `#head` on wait; those before it ran. */
  #waiting: Waiting[] = [];
  /**
   * Where the waiting judgements start: running the first ones moves it, where taking them out of
   * the array copied all those still waiting at every exchange that ran one.
   */
  #head = 0;
  #earliest = Infinity;
  /**
   * Whether the judgements wait in the order they fall due, as they do unless answers come out of
   * order: then those due are the first ones, and the rest need not be looked at.
   */
  #inOrder = true;

  /** Runs `run` once the recording has passed `moment` by `SETTLE_MS`. */
  after(moment: number, run: () => void): void {
    const due = moment + SETTLE_MS;
    const last = this.#head < this.#waiting.length ? this.#waiting.at(-1) : undefined;
    if (last !== undefined && due < last.due) this.#inOrder = false;
    this.#waiting.push({ due, run });
    this.#earliest = Math.min(this.#earliest, due);
    if (this.#waiting.length - this.#head <= WAITING) return;
    const oldest = this.#waiting[this.#head++] as Waiting;
    this.#dropRun();
    oldest.run();
  }

  /** An exchange that started at `now` was seen: the judgements due by then run, in the order they came. */
  advance(now: number): void {
    if (now < this.#earliest) return;
    if (!this.#inOrder) {
      this.#runDueOutOfOrder(now);
      return;
    }
    const waiting = this.#waiting;
    const from = this.#head;
    let to = from;
    while (to < waiting.length && (waiting[to] as Waiting).due <= now) to++;
    this.#head = to;
    this.#earliest = waiting[to]?.due ?? Infinity;
    this.#dropRun();
    for (let i = from; i < to; i++) (waiting[i] as Waiting).run();
  }

  flush(): void {
    const all = this.#waiting;
    const from = this.#head;
    this.#waiting = [];
    this.#head = 0;
    this.#earliest = Infinity;
    this.#inOrder = true;
    for (let i = from; i < all.length; i++) (all[i] as Waiting).run();
  }

  /** Lets go of the judgements that ran once they are half the array: copying those still waiting costs no more than running them did. */
  #dropRun(): void {
    if (2 * this.#head < this.#waiting.length) return;
    this.#waiting = this.#waiting.slice(this.#head);
    this.#head = 0;
  }

  /**
   * Those due are anywhere: the others move up in place, in the order they came. The earliest of
   * them and whether they are in due order are found in the same walk: it is made at every
   * exchange past the earliest, over every judgement waiting.
   */
  #runDueOutOfOrder(now: number): void {
    const waiting = this.#waiting;
    const due: Waiting[] = [];
    let kept = 0;
    let earliest = Infinity;
    let last = -Infinity;
    let inOrder = true;
    for (let i = this.#head; i < waiting.length; i++) {
      const w = waiting[i] as Waiting;
      if (w.due <= now) {
        due.push(w);
        continue;
      }
      waiting[kept++] = w;
      if (w.due < earliest) earliest = w.due;
      if (w.due < last) inOrder = false;
      last = w.due;
    }
    waiting.length = kept;
    this.#head = 0;
    this.#earliest = earliest;
    this.#inOrder = inOrder;
    for (const w of due) w.run();
  }
}
