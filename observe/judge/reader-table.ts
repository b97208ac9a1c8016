import type { EndpointId } from '../../spec/endpoints.js';
import type { ExchangeView } from './exchange-view.js';
import type { Judge, JudgeFactory, Reads } from './judge.js';

/** The key of the exchanges of no row (no row's id is empty). */
const UNMATCHED = '';

/** The row whose readers take `x`: its endpoint's, or that of no row. */
export const rowOf = (x: ExchangeView): EndpointId | typeof UNMATCHED => x.endpoint?.id ?? UNMATCHED;

/** A judge's part in one exchange: it reads it (`see`), or only learns when it began (`tick`). */
export interface Turn {
  readonly judge: Judge;
  readonly reads: boolean;
}

/**
 * For each kind of exchange (the endpoint row it matches, and whether the limit refused it) the
 * judges that read it (`Judge.reads`) and those that are only told its time (`Judge.tick`), in the
 * order the judges were given: worked out on the first exchange of the kind, a lookup for every
 * later one.
 */
export class ReaderTable {
  readonly #judges: readonly Judge[];
  /** Every judge reads every exchange: no row need be matched to hand them out. */
  readonly #everyJudge: readonly Turn[] | undefined;
  readonly #answered = new Map<EndpointId | typeof UNMATCHED, Turn[]>();
  readonly #tooMany = new Map<EndpointId | typeof UNMATCHED, Turn[]>();

  constructor(judges: readonly Judge[]) {
    this.#judges = judges;
    this.#everyJudge = judges.every((judge) => judge.reads === undefined) ? judges.map((judge) => ({ judge, reads: true })) : undefined;
  }

  /** The judges' turns at `x`. */
  of(x: ExchangeView): readonly Turn[] {
    return this.ofKind(rowOf(x), x.status === 429);
  }

  /** The judges' turns at an exchange of `row` (`rowOf`), refused for the limit or not: for an observer that hands one exchange to several tables. */
  ofKind(row: EndpointId | typeof UNMATCHED, tooMany: boolean): readonly Turn[] {
    if (this.#everyJudge !== undefined) return this.#everyJudge;
    const lists = tooMany ? this.#tooMany : this.#answered;
    let list = lists.get(row);
    if (list === undefined) {
      list = this.#judges.flatMap((judge): Turn[] => (reads(judge.reads, row, tooMany) ? [{ judge, reads: true }] : judge.tick === undefined ? [] : [{ judge, reads: false }]));
      lists.set(row, list);
    }
    return list;
  }
}

function reads(declared: Reads | undefined, row: EndpointId | typeof UNMATCHED, tooMany: boolean): boolean {
  if (declared === undefined) return true;
  if (tooMany && declared.tooManyRequests !== true) return false;
  return row === UNMATCHED ? declared.unmatched === true : declared.endpoints.includes(row);
}

/**
 * The same judges, each handed every exchange whatever it declares (and so never ticked): an
 * observation by them must equal one by the judges as declared, or a declaration leaves out
 * exchanges its judge acts on, or a tick does less than `see` did.
 */
export function readingEverything(factories: readonly JudgeFactory[]): JudgeFactory[] {
  return factories.map((make) => (context) => {
    const judge = make(context);
    return { rules: judge.rules, see: judge.see.bind(judge), seeUnanswered: judge.seeUnanswered?.bind(judge), end: judge.end?.bind(judge) };
  });
}
