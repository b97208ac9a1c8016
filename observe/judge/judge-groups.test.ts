import { describe, expect, it } from 'vitest';
import { HandedOutLinks } from './handed-out-links.js';
import type { Judge, JudgeFactory } from './judge.js';
import { judgesInGroups } from './judge-groups.js';
import { sharedState, sharedStore } from './shared-state.js';

const log = sharedState(() => [] as string[]);
const other = sharedState(() => new Map<string, number>());
const judge = (rules: string[], extra: Partial<Judge> = {}): Judge => ({ rules, see() {}, ...extra });
const grouped = (factories: JudgeFactory[]) => judgesInGroups(factories, { links: new HandedOutLinks(), shared: sharedStore() }).groups.map((g) => ({ rules: g.judges.map((j) => j.rules[0]), readsLinks: g.readsLinks }));

describe('judgesInGroups', () => {
  it('puts the judges of one shared state, of the links or of one rule into one group, in the order given; the others alone', () => {
    const groups = grouped([
      (c) => (c.shared(log), judge(['A-1'])),
      () => judge(['B-1']),
      ({ links }) => (void links, judge(['C-1'])),
      (c) => (c.shared(other), judge(['D-1'])),
      (c) => (c.shared(log), judge(['E-1'])),
      () => judge(['F-1', 'B-1']),
      ({ links }) => (void links, judge(['G-1'])),
    ]);
    expect(groups).toEqual([
      { rules: ['A-1', 'E-1'], readsLinks: false },
      { rules: ['B-1', 'F-1'], readsLinks: false },
      { rules: ['C-1', 'G-1'], readsLinks: true },
      { rules: ['D-1'], readsLinks: false },
    ]);
  });

  it('joins groups a later judge shares with both', () => {
    const groups = grouped([(c) => (c.shared(log), judge(['A-1'])), (c) => (c.shared(other), judge(['B-1'])), () => judge(['C-1']), (c) => (c.shared(other), c.shared(log), judge(['D-1']))]);
    expect(groups).toEqual([
      { rules: ['A-1', 'B-1', 'D-1'], readsLinks: false },
      { rules: ['C-1'], readsLinks: false },
    ]);
  });

  it('hands each judge the shared state of the observation and what was declared', () => {
    const store = sharedStore();
    let declared: boolean | undefined;
    judgesInGroups([(c) => ((declared = c.oneTokenPerCustomer), c.shared(log).push('made'), judge(['A-1']))], { oneTokenPerCustomer: true, links: new HandedOutLinks(), shared: store });
    expect([declared, store(log)]).toEqual([true, ['made']]);
  });
});
