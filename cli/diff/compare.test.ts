import { describe, expect, it } from 'vitest';
import type { RuleVerdict, RuleVerdictKind } from '../statement/rule-verdicts.js';
import { compareRuns } from './compare.js';
import type { Run } from './read-run.js';

/** A run from rule → verdict; each rule has one check titled after it, failing where the rule does. */
function run(label: string, verdicts: Record<string, RuleVerdictKind>, reasons: Record<string, string> = {}): Run {
  const rules: Record<string, RuleVerdict> = {};
  for (const [rule, verdict] of Object.entries(verdicts)) rules[rule] = { verdict, checks: [`[${rule}] check`], ...(reasons[rule] ? { reason: reasons[rule] } : {}) };
  const titles = Object.keys(verdicts).map((rule) => `[${rule}] check`);
  return { label, rules, checks: new Set(titles), failing: new Set(Object.keys(verdicts).filter((r) => verdicts[r] === 'fail' || verdicts[r] === 'broken').map((r) => `[${r}] check`)) };
}

const ids = (list: { rule: string }[]) => list.map((t) => t.rule);

describe('compareRuns', () => {
  it('names pass → fail or broken as regressions and fail or broken → pass as fixes', () => {
    const c = compareRuns([run('old', { 'A-1': 'pass', 'A-2': 'pass', 'A-3': 'fail', 'A-4': 'broken', 'A-5': 'skip' }), run('new', { 'A-1': 'fail', 'A-2': 'broken', 'A-3': 'pass', 'A-4': 'pass', 'A-5': 'fail' })]);
    expect(ids(c.regressions)).toEqual(['A-1', 'A-2']);
    expect(ids(c.fixes)).toEqual(['A-3', 'A-4']);
  });

  it('names a rule that stopped being judged as a new skip, with its reason, and not one that was skipped already', () => {
    const c = compareRuns([run('old', { 'A-1': 'pass', 'A-2': 'skip', 'A-3': 'fail' }), run('new', { 'A-1': 'skip', 'A-2': 'skip', 'A-3': 'inconclusive', 'A-4': 'skip' }, { 'A-1': 'profile lacks a second customer' })]);
    expect(ids(c.newSkips)).toEqual(['A-1', 'A-3', 'A-4']);
    expect(c.newSkips[0]?.to.reason).toBe('profile lacks a second customer');
    expect(c.regressions).toEqual([]);
  });

  it('treats a rule absent from the older run as neither regression nor fix', () => {
    const c = compareRuns([run('old', {}), run('new', { 'A-1': 'fail', 'A-2': 'pass' })]);
    expect(c.regressions).toEqual([]);
    expect(c.fixes).toEqual([]);
  });

  it('compares only the last two runs for regressions when given more', () => {
    const c = compareRuns([run('1', { 'A-1': 'pass' }), run('2', { 'A-1': 'fail' }), run('3', { 'A-1': 'fail' })]);
    expect(c.regressions).toEqual([]);
  });

  it('orders rule IDs by number', () => {
    const c = compareRuns([run('old', { 'A-10': 'pass', 'A-9': 'pass' }), run('new', { 'A-10': 'fail', 'A-9': 'fail' })]);
    expect(ids(c.regressions)).toEqual(['A-9', 'A-10']);
  });

  it('names as flaky a rule that went both ways across the runs, passing over runs that did not judge it', () => {
    const c = compareRuns([
      run('1', { 'A-1': 'pass', 'A-2': 'pass', 'A-3': 'fail', 'A-4': 'pass' }),
      run('2', { 'A-1': 'fail', 'A-2': 'skip', 'A-3': 'pass', 'A-4': 'pass' }),
      run('3', { 'A-1': 'pass', 'A-2': 'broken', 'A-3': 'pass', 'A-4': 'fail' }),
      run('4', { 'A-1': 'pass', 'A-2': 'pass', 'A-3': 'pass', 'A-4': 'fail' }),
    ]);
    expect(c.flaky).toEqual([
      { rule: 'A-1', verdicts: ['pass', 'fail', 'pass', 'pass'] },
      { rule: 'A-2', verdicts: ['pass', 'skip', 'broken', 'pass'] },
    ]);
  });

  it('finds nothing flaky in two runs', () => {
    expect(compareRuns([run('old', { 'A-1': 'pass' }), run('new', { 'A-1': 'fail' })]).flaky).toEqual([]);
  });

  it('lists checks added and removed by title', () => {
    const c = compareRuns([run('old', { 'A-1': 'pass', 'A-2': 'pass' }), run('new', { 'A-2': 'pass', 'A-3': 'pass' })]);
    expect(c.checksAdded).toEqual(['[A-3] check']);
    expect(c.checksRemoved).toEqual(['[A-1] check']);
  });
});
