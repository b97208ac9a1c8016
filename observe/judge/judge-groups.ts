import type { Judge, JudgeContext, JudgeFactory } from './judge.js';
import { ReaderTable } from './reader-table.js';

/**
 * Judges that share nothing, or that share state with one another: what one group keeps, no other
 * group reads. A group takes its turns at an exchange without the others, so an observer may hand
 * a run of exchanges to one group after another (observer.ts) and every judge still sees what it
 * saw when every judge took its turn at each exchange before the next.
 */
export interface JudgeGroup {
  /** In the order the judges were given. */
  readonly judges: readonly Judge[];
  /** Their turns at each kind of exchange (reader-table.ts). */
  readonly readers: ReaderTable;
  /** Those that take a request without an answer (`Judge.seeUnanswered`). */
  readonly unanswered: readonly Judge[];
  /** Its judges read the links handed out (`JudgeContext.links`): the group notes each exchange's after its judges' turns at it. */
  readonly readsLinks: boolean;
}

/** The links handed out, as one of the things a judge may share. */
const LINKS = Symbol('links');

/**
 * Makes each judge with a context that notes what it shares (the shared states it asks for, the
 * links if it reads them) and puts judges sharing anything into one group; the groups in the order
 * of their first judges. A judge asks for what it shares as it is made (judge.ts), so the groups
 * are known before the first exchange.
 */
export function judgesInGroups(factories: readonly JudgeFactory[], context: JudgeContext): { judges: Judge[]; groups: JudgeGroup[] } {
  const judges: Judge[] = [];
  /** Per judge, the group it is in (the index of the group's first judge), merged as sharing shows. */
  const groupOf: number[] = [];
  const groupSharing = new Map<unknown, number>();
  const root = (i: number): number => (groupOf[i] === i ? i : (groupOf[i] = root(groupOf[i] as number)));
  for (const make of factories) {
    const shares = new Set<unknown>();
    const own: JudgeContext = {
      ...(context.oneTokenPerCustomer !== undefined && { oneTokenPerCustomer: context.oneTokenPerCustomer }),
      get links() {
        shares.add(LINKS);
        return context.links;
      },
      shared: (state) => {
        shares.add(state);
        return context.shared(state);
      },
    };
    const index = judges.length;
    const judge = make(own);
    judges.push(judge);
    groupOf.push(index);
    // A rule's tally is shared by its judges: the failures it keeps are the first reported.
    for (const rule of judge.rules) shares.add(`rule ${rule}`);
    for (const thing of shares) {
      const other = groupSharing.get(thing);
      if (other !== undefined) {
        const [first, later] = [root(other), root(index)].sort((a, b) => a - b) as [number, number];
        groupOf[later] = first;
      }
      groupSharing.set(thing, root(index));
    }
  }
  const members = new Map<number, Judge[]>();
  judges.forEach((judge, i) => {
    const first = root(i);
    const its = members.get(first);
    if (its === undefined) members.set(first, [judge]);
    else its.push(judge);
  });
  const linksGroup = groupSharing.has(LINKS) ? root(groupSharing.get(LINKS) as number) : undefined;
  const groups = [...members].map(([first, its]) => ({
    judges: its,
    readers: new ReaderTable(its),
    unanswered: its.filter((judge) => judge.seeUnanswered !== undefined),
    readsLinks: first === linksGroup,
  }));
  return { judges, groups };
}
