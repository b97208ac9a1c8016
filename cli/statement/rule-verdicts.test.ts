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
});
