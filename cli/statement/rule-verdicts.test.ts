import { describe, expect, it } from 'vitest';
import { ruleVerdicts, type JudgedCheck } from './rule-verdicts.js';

const check = (title: string, rules: string[], state: JudgedCheck['state'], note?: string): JudgedCheck => ({ title, rules, state, note });

describe('ruleVerdicts', () => {
  it('a failed check fails the rule, whatever else ran', () => {
    const v = ruleVerdicts([check('a', ['R-1'], 'passed'), check('b', ['R-1'], 'broken', 'boom'), check('c', ['R-1'], 'failed', 'expected 200')]);
    expect(v['R-1']).toEqual({ verdict: 'fail', reason: 'expected 200', checks: ['a', 'b', 'c'] });
  });

  it('a broken check outranks passes', () => {
    expect(ruleVerdicts([check('a', ['R-1'], 'passed'), check('b', ['R-1'], 'broken', 'boom')])['R-1']?.verdict).toBe('broken');
  });

  it('one pass among skips passes the rule', () => {
    expect(ruleVerdicts([check('a', ['R-1'], 'skipped', 'read-only'), check('b', ['R-1'], 'passed')])['R-1']).toEqual({ verdict: 'pass', checks: ['a', 'b'] });
  });

  it('all skipped: inconclusive when a skip says so, else skip with the note', () => {
    const v = ruleVerdicts([check('a', ['R-1'], 'skipped', 'inconclusive: no project'), check('b', ['R-2'], 'skipped', 'read-only run')]);
    expect(v['R-1']).toEqual({ verdict: 'inconclusive', reason: 'inconclusive: no project', checks: ['a'] });
    expect(v['R-2']).toEqual({ verdict: 'skip', reason: 'read-only run', checks: ['b'] });
  });

  it('a check naming several rules counts for each; rules without checks are absent', () => {
    const v = ruleVerdicts([check('a', ['R-1', 'R-2'], 'passed')]);
    expect(Object.keys(v).sort()).toEqual(['R-1', 'R-2']);
    expect(ruleVerdicts([])).toEqual({});
  });

  it('a pass is earned: a passing check that did not judge the rule leaves it to the skips, with every reason', () => {
    const lane: JudgedCheck = { title: 'lane', rules: ['R-1', 'R-2'], state: 'passed', judged: ['R-2'], notExercised: { 'R-1': 'one token per customer' } };
    const v = ruleVerdicts([lane, check('own', ['R-1'], 'skipped', 'prerequisite missing: customers.primary has one token')]);
    expect(v['R-1']).toEqual({ verdict: 'skip', reason: 'not exercised: one token per customer | prerequisite missing: customers.primary has one token', checks: ['lane', 'own'] });
    expect(v['R-2']?.verdict).toBe('pass');
    const silent: JudgedCheck = { title: 'silent', rules: ['R-1'], state: 'passed', judged: [] };
    expect(ruleVerdicts([silent])['R-1']).toEqual({ verdict: 'skip', reason: 'not exercised: no comparison of it was made', checks: ['silent'] });
  });

  it('a check that did not exercise a rule neither fails nor breaks it', () => {
    const v = ruleVerdicts([{ title: 'a', rules: ['R-1', 'R-2'], state: 'failed', note: 'R-2 broke', notExercised: { 'R-1': 'no circuits' } }]);
    expect(v['R-1']?.verdict).toBe('skip');
    expect(v['R-2']?.verdict).toBe('fail');
  });

  it('a pass carries the evidence and the count of items when every passing check counted them', () => {
    const a: JudgedCheck = { title: 'a', rules: ['R-1'], state: 'passed', judged: ['R-1'], evidence: { 'R-1': { items: 3, text: '3 circuits' } } };
    const b: JudgedCheck = { title: 'b', rules: ['R-1'], state: 'passed', judged: ['R-1'], evidence: { 'R-1': { items: 1, text: '1 circuit' } } };
    expect(ruleVerdicts([a, b])['R-1']).toEqual({ verdict: 'pass', checks: ['a', 'b'], evidence: ['3 circuits', '1 circuit'], items: 4 });
    const fixed: JudgedCheck = { title: 'c', rules: ['R-1'], state: 'passed', judged: ['R-1'] };
    expect(ruleVerdicts([a, fixed])['R-1']).toEqual({ verdict: 'pass', checks: ['a', 'c'], evidence: ['3 circuits'] });
  });
});
