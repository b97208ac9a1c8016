import { describe, expect, it } from 'vitest';
import type { Observation, RuleObservation } from '../../observe/judge/observer.js';
import { defaultOptions } from './options.js';
import type { PassiveJudgement } from './passive-judgement.js';
import { compareRateVerdicts, formatRateComparison } from './rate-comparison.js';
import type { SimulationResult } from './result-file.js';
import { emptyStats } from './stats.js';

function result(falseRefusals: number, paced = falseRefusals): SimulationResult {
  const stats = emptyStats();
  stats.refusals = { paced, falseRefusals, examples: [] };
  stats.endpoints.list.sent = 40;
  return { runs: [], thresholds: defaultOptions().thresholds, stats };
}

const rule = (verdict: RuleObservation['verdict'], judged: number, failed = 0, message = 'refused although no protected request of any token can lie in the second before it:\n  timeline'): RuleObservation => ({
  verdict,
  class: verdict === 'not-passive' ? 'not-passive' : 'timeline',
  reason: '',
  judged,
  failed,
  customers: 1,
  failures: failed > 0 ? [{ message, exchanges: [] }] : [],
});

function passive(rules: Record<string, RuleObservation>): PassiveJudgement {
  const observation: Observation = { rules: { 'AUTH-1': rule('pass', 3), ...rules }, exchanges: 120, customers: 4, ignored: { outsideApi: 0, proxyFailures: 0 } };
  return { file: '/tmp/run.jsonl', observation, skipped: 0 };
}

describe('the RATE verdicts of the simulator beside the passive judge', () => {
  it('pairs RATE-2 with the false refusals and lists the other RATE rules the passive judge can decide', () => {
    const rows = compareRateVerdicts(result(0, 3), passive({ 'RATE-1': rule('pass', 80), 'RATE-2': rule('pass', 12), 'RATE-5': rule('not-passive', 0), 'RATE-9': rule('not-observed', 0) }));
    expect(rows.map((r) => [r.rule, r.simulator?.verdict, r.passive.verdict, r.agreement])).toEqual([
      ['RATE-2', 'pass', 'pass', 'agree'],
      ['RATE-1', undefined, 'pass', 'agree'],
      ['RATE-9', undefined, 'not-observed', 'agree'],
    ]);
    expect(rows[0]?.simulator?.detail).toBe('3 429(s), none proven false');
    expect(compareRateVerdicts(result(0, 0), passive({ 'RATE-2': rule('not-observed', 0) }))[0]).toMatchObject({ simulator: { detail: 'all 40 customer requests admitted' }, agreement: 'agree' });
  });

  it('agrees when both fail RATE-2', () => {
    const [row] = compareRateVerdicts(result(2), passive({ 'RATE-2': rule('fail', 9, 1) }));
    expect(row).toMatchObject({ simulator: { verdict: 'fail', detail: '2 false refusal(s)' }, passive: { verdict: 'fail', detail: '1 of 9 judged failed' }, agreement: 'agree' });
  });

  it('shows a mismatch with its reason, either way', () => {
    const simulatorOnly = passive({ 'RATE-2': rule('pass', 30) });
    const lines = formatRateComparison(compareRateVerdicts(result(2), simulatorOnly), simulatorOnly);
    expect(lines[0]).toBe("RATE rules, the simulator's verdict beside the passive judge's (observe) of the recording /tmp/run.jsonl (120 exchanges):");
    expect(lines[1]).toMatch(/^ {2}RATE-2 +simulator FAIL \(2 false refusal\(s\)\) +passive pass \(30 judged\) +MISMATCH$/);
    expect(lines[2]).toMatch(/^MISMATCH RATE-2: only the simulator failed it: .*only the recorded send and answer times/);
    expect(lines.at(-1)).toBe('every rule the recording shows: npm run conformance -- observe --log /tmp/run.jsonl --one-token-per-customer');

    const passiveOnly = passive({ 'RATE-1': rule('fail', 5, 1, 'a third admission within one second'), 'RATE-2': rule('pass', 3) });
    const rows = compareRateVerdicts(result(0), passiveOnly);
    expect(rows.map((r) => r.agreement)).toEqual(['agree', 'passive only']);
    expect(formatRateComparison(rows, passiveOnly)).toContain('MISMATCH RATE-1: only the passive judge failed it (the simulator does not judge it); its first failure: a third admission within one second');
  });
});
