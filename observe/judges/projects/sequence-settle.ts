import { ArrivalHeap } from '../../arrival-heap.js';

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
  /** When it came: those due at once run in this order. */
  order: number;
  run: () => void;
}

const byOrder = (a: Waiting, b: Waiting) => a.order - b.order;

export class Settler {
  /** The judgements from `#head` on wait, in the order they came and so of their due times; those before it ran. */
  #waiting: Waiting[] = [];
  /**
   * Where the waiting judgements start: running the first ones moves it, where taking them out of
   * the array copied all those still waiting at every exchange that ran one.
   */
  #head = 0;
  /**
   * The judgements that came due before the last one in `#waiting` (answers out of order), as a
   * heap by due time: those due are taken from its top, where a walk over every judgement waiting
   * found them at every exchange.
   */
  readonly #early = new ArrivalHeap<Waiting>();
  #came = 0;

  /** Runs `run` once the recording has passed `moment` by `SETTLE_MS`. */
  after(moment: number, run: () => void): void {
    const waiting: Waiting = { due: moment + SETTLE_MS, order: this.#came++, run };
    const last = this.#head < this.#waiting.length ? this.#waiting.at(-1) : undefined;
    if (last !== undefined && waiting.due < last.due) this.#early.push(waiting, waiting.due);
    else this.#waiting.push(waiting);
    if (this.#waiting.length - this.#head + this.#early.size <= WAITING) return;
    this.#takeOldest().run();
  }

  /** An exchange that started at `now` was seen: the judgements due by then run, in the order they came. */
  advance(now: number): void {
    const waiting = this.#waiting;
    const from = this.#head;
    const early = this.#early;
    if (((waiting[from] as Waiting | undefined)?.due ?? Infinity) > now && early.leastKey > now) return;
    let to = from;
    while (to < waiting.length && (waiting[to] as Waiting).due <= now) to++;
    let earlyDue: Waiting[] | undefined;
    while (early.leastKey <= now) (earlyDue ??= []).push(early.pop() as Waiting);
    this.#head = to;
    this.#dropRun();
    if (earlyDue === undefined) {
      for (let i = from; i < to; i++) (waiting[i] as Waiting).run();
      return;
    }
    runInOrder(waiting, from, to, earlyDue.sort(byOrder));
  }

  flush(): void {
    const all = this.#waiting;
    const from = this.#head;
    const early = this.#early.drain();
    this.#waiting = [];
    this.#head = 0;
    runInOrder(all, from, all.length, early);
  }

  /** Lets go of the judgements that ran once they are half the array: copying those still waiting costs no more than running them did. */
  #dropRun(): void {
    if (2 * this.#head < this.#waiting.length) return;
    this.#waiting = this.#waiting.slice(this.#head);
    this.#head = 0;
  }

  /** Takes out the judgement that came first of those waiting, due or not. */
  #takeOldest(): Waiting {
    const early = this.#early.firstArrived();
    const first = this.#waiting[this.#head];
    if (early === undefined || (first !== undefined && first.order < early.order)) {
      this.#head++;
      this.#dropRun();
      return first as Waiting;
    }
    this.#early.remove(early);
    return early;
  }
}

/** Runs `waiting[from..to)` and `others` (both in the order they came) merged in the order they came. */
function runInOrder(waiting: readonly Waiting[], from: number, to: number, others: readonly Waiting[]): void {
  let i = from;
  let j = 0;
  while (i < to || j < others.length) {
    const next = j >= others.length || (i < to && (waiting[i] as Waiting).order < (others[j] as Waiting).order) ? waiting[i++] : others[j++];
    (next as Waiting).run();
  }
}
