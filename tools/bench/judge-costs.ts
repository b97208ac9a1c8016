import { performance } from 'node:perf_hooks';
import type { ExchangeView } from '../../observe/judge/exchange-view.js';
import type { Judge, JudgeFactory } from '../../observe/judge/judge.js';
import type { Ledger } from '../../observe/judge/ledger.js';
import { rowOf } from '../../observe/judge/reader-table.js';

/** An exchange's kind in the table: the endpoint row the observer hands it by (or none) and its status. */
const kindOf = (x: ExchangeView) => `${rowOf(x) || 'no row'} ${x.status}`;

/** The kind the judges' ticks are charged to: a tick is told a time, not an exchange. */
const TICKS = 'ticks';

/** A judge's name in the table: its first rule, and how many more it judges. */
const nameOf = (judge: Judge) => `${judge.rules[0] ?? 'no rule'}${judge.rules.length > 1 ? ` +${judge.rules.length - 1}` : ''}`;

/** A judge's share of a kind: microseconds per exchange of the kind, all of its turns and those that recorded no judgement. */
export interface JudgeCost {
  judge: string;
  microsecondsEach: number;
  /** Of `microsecondsEach`, the turns that recorded no judgement in the ledger: what the judge spent remembering, or turning the exchange away. */
  withoutJudgementEach: number;
}

export interface KindCost {
  kind: string;
  /** Exchanges of the kind seen while the clock ran. */
  exchanges: number;
  /** Microseconds of every judge's turns at them, per exchange of the kind. */
  microsecondsEach: number;
  /** Per judge, the costliest first. */
  judges: JudgeCost[];
}

/**
 * Times each judge's turns (`see`, `tick`, `seeUnanswered`) per kind of exchange, once `start` is
 * called: where the judging goes, as the observer runs it (its batches, groups and declared reads
 * unchanged). Each turn costs two clock readings more, a few tens of nanoseconds, so judges of a
 * microsecond or less read a little high.
 */
export class JudgeClock {
  #running = false;
  readonly #exchanges = new Map<string, number>();
  /** Per kind, per judge name, milliseconds in all and in turns that recorded no judgement. */
  readonly #spent = new Map<string, Map<string, { all: number; without: number }>>();

  start(): void {
    this.#running = true;
  }

  /** Counts an exchange the observer is handed (its kind read off a view of its own, outside every turn timed). */
  count(x: ExchangeView): void {
    if (!this.#running) return;
    const kind = kindOf(x);
    this.#exchanges.set(kind, (this.#exchanges.get(kind) ?? 0) + 1);
  }

  /** The judges `factories` make, each turn of theirs timed. */
  timed(factories: readonly JudgeFactory[]): JudgeFactory[] {
    return factories.map((make) => (context) => this.#timedJudge(make(context)));
  }

  #timedJudge(judge: Judge): Judge {
    const name = nameOf(judge);
    const noting = new NotingLedger();
    const timed: Judge = {
      rules: judge.rules,
      see: (x, ledger) => this.#time(name, kindOf(x), noting.over(ledger), (l) => judge.see(x, l)),
    };
    if (judge.reads !== undefined) Object.assign(timed, { reads: judge.reads });
    const { tick, seeUnanswered, end } = judge;
    if (tick !== undefined) timed.tick = (sentAt, ledger) => this.#time(name, TICKS, noting.over(ledger), (l) => tick.call(judge, sentAt, l));
    if (seeUnanswered !== undefined) timed.seeUnanswered = (x, ledger) => this.#time(name, 'unanswered', noting.over(ledger), (l) => seeUnanswered.call(judge, x, l));
    if (end !== undefined) timed.end = (ledger: Ledger) => end.call(judge, ledger);
    return timed;
  }

  #time(name: string, kind: string, noting: NotingLedger, turn: (ledger: Ledger) => void): void {
    if (!this.#running) return turn(noting.ledger);
    noting.recorded = false;
    const from = performance.now();
    try {
      turn(noting.ledger);
    } finally {
      const spent = performance.now() - from;
      let judges = this.#spent.get(kind);
      if (judges === undefined) this.#spent.set(kind, (judges = new Map()));
      let sums = judges.get(name);
      if (sums === undefined) judges.set(name, (sums = { all: 0, without: 0 }));
      sums.all += spent;
      if (!noting.recorded) sums.without += spent;
    }
  }

  /** The kinds, the costliest in all first; ticks are charged per exchange of any kind. */
  table(): KindCost[] {
    const all = [...this.#exchanges.values()].reduce((a, b) => a + b, 0);
    return [...this.#spent]
      .map(([kind, judges]) => {
        const exchanges = kind === TICKS ? all : (this.#exchanges.get(kind) ?? 0);
        const each = (ms: number) => (exchanges === 0 ? 0 : (1000 * ms) / exchanges);
        const total = [...judges.values()].reduce((sum, ms) => sum + ms.all, 0);
        return { kind, exchanges, microsecondsEach: each(total), judges: [...judges].map(([judge, ms]) => ({ judge, microsecondsEach: each(ms.all), withoutJudgementEach: each(ms.without) })).sort((a, b) => b.microsecondsEach - a.microsecondsEach) };
      })
      .sort((a, b) => b.microsecondsEach * b.exchanges - a.microsecondsEach * a.exchanges);
  }
}

/** The table as lines: per kind its share of the judging, its exchanges, and its costliest judges (`shown` of them). */
export function costLines(table: readonly KindCost[], shown = 6): string[] {
  const total = table.reduce((sum, k) => sum + k.microsecondsEach * k.exchanges, 0);
  return table.map((k) => {
    const share = total === 0 ? 0 : (100 * k.microsecondsEach * k.exchanges) / total;
    const judges = k.judges.slice(0, shown).map((j) => `${j.judge} ${j.microsecondsEach.toFixed(1)}${j.withoutJudgementEach > 0 ? ` (${j.withoutJudgementEach.toFixed(1)} without a judgement)` : ''}`);
    const rest = k.judges.slice(shown).reduce((sum, j) => sum + j.microsecondsEach, 0);
    if (k.judges.length > shown) judges.push(`${k.judges.length - shown} others ${rest.toFixed(1)}`);
    return `  ${k.kind}: ${share.toFixed(0)} % of the judging, ${k.exchanges} exchanges, ${k.microsecondsEach.toFixed(1)} µs each: ${judges.join(', ')}`;
  });
}

const RECORDING_METHODS = ['held', 'broke', 'judge', 'judgeOf'] as const satisfies readonly (keyof Ledger)[];

/**
 * The ledger a timed judge is handed: the observation's own, noting whether the turn recorded a
 * judgement (a judgement a judge defers to a later turn is that turn's).
 */
class NotingLedger {
  recorded = false;
  #real: Ledger | undefined;
  readonly ledger: Ledger;

  constructor() {
    const real = () => this.#real as Ledger;
    // The methods judges record with, each noting the call first; the type's private members are the real ledger's.
    this.ledger = Object.fromEntries(
      RECORDING_METHODS.map((method) => [
        method,
        (...args: unknown[]) => {
          this.recorded = true;
          return (real()[method] as (...a: unknown[]) => void).apply(real(), args);
        },
      ]),
    ) as unknown as Ledger;
  }

  /** This, over `real` for the turn. */
  over(real: Ledger): this {
    this.#real = real;
    return this;
  }
}
