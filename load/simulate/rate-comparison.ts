import type { ObservedVerdict, RuleObservation } from '../../observe/judge/observer.js';
import { OPERATIONS } from './operations.js';
import type { PassiveJudgement } from './passive-judgement.js';
import type { SimulationResult } from './result-file.js';

/** One RATE rule as the simulator and the passive judge of its recording see it. */
export interface RateComparison {
  rule: string;
  /** Undefined where the simulator's verdicts do not speak for the rule. */
  simulator?: { verdict: 'pass' | 'fail'; detail: string };
  passive: { verdict: ObservedVerdict; detail: string; firstFailure?: string };
  /** `agree`: both failed it or neither did; otherwise who alone failed it. */
  agreement: 'agree' | 'simulator only' | 'passive only';
}

/**
 * The simulator judges one RATE rule: its false refusals are 429s to customers within their
 * budget, which RATE-2 forbids ("protected requests paced at 2 per sliding second must all be
 * admitted"). It never sends a customer past its budget, so it has nothing to say on the others.
 */
const SIMULATOR_RULE = 'RATE-2';

function simulatorVerdict(result: SimulationResult): NonNullable<RateComparison['simulator']> {
  const { refusals, endpoints } = result.stats;
  if (refusals.falseRefusals > 0) return { verdict: 'fail', detail: `${refusals.falseRefusals} false refusal(s)` };
  const sent = OPERATIONS.reduce((n, op) => n + endpoints[op].sent, 0);
  return { verdict: 'pass', detail: refusals.paced === 0 ? `all ${sent} customer requests admitted` : `${refusals.paced} 429(s), none proven false` };
}

function passiveVerdict(r: RuleObservation): RateComparison['passive'] {
  const detail = r.verdict === 'fail' ? `${r.failed} of ${r.judged} judged failed` : r.verdict === 'pass' ? `${r.judged} judged` : 'nothing decided';
  const first = r.failures[0]?.message;
  return { verdict: r.verdict, detail, ...(first !== undefined && { firstFailure: first }) };
}

/** The RATE rules the passive judge can decide, each with both verdicts: RATE-2 first, then the passive judge's order. */
export function compareRateVerdicts(result: SimulationResult, passive: PassiveJudgement): RateComparison[] {
  const rows: RateComparison[] = [];
  for (const [rule, r] of Object.entries(passive.observation.rules)) {
    if (!rule.startsWith('RATE-') || r.class === 'not-passive') continue;
    const simulator = rule === SIMULATOR_RULE ? simulatorVerdict(result) : undefined;
    const simulatorFailed = simulator?.verdict === 'fail';
    const passiveFailed = r.verdict === 'fail';
    rows.push({ rule, ...(simulator && { simulator }), passive: passiveVerdict(r), agreement: simulatorFailed === passiveFailed ? 'agree' : simulatorFailed ? 'simulator only' : 'passive only' });
  }
  return rows.sort((a, b) => Number(b.rule === SIMULATOR_RULE) - Number(a.rule === SIMULATOR_RULE));
}

/**
 * Why the simulator may prove a false refusal the passive judge does not: both weigh a 429 against
 * its customer's requests (each simulated customer has one token, which the judge is told), but
 * the judge has only the recorded times, so a refusal whose second its customer's slow answers may
 * reach is not provable from the recording.
 */
const SIMULATOR_ONLY =
  "the simulator knows when each of its requests was decided; the passive judge has only the recorded send and answer times, so a refusal whose second its customer's earlier requests may still reach is not provable from the recording";

const label = (v: string) => (v === 'fail' ? 'FAIL' : v);

/** The console lines: a table of both verdicts, a MISMATCH line per rule only one of them failed, the command that judges every rule. */
export function formatRateComparison(rows: readonly RateComparison[], passive: PassiveJudgement): string[] {
  const o = passive.observation;
  const lines = [
    `RATE rules, the simulator's verdict beside the passive judge's (observe) of the recording ${passive.file} (${o.exchanges} exchanges${passive.skipped > 0 ? `, ${passive.skipped} records unreadable` : ''}):`,
  ];
  for (const r of rows) {
    const simulator = r.simulator ? `${label(r.simulator.verdict)} (${r.simulator.detail})` : '-';
    const agreement = r.agreement === 'agree' ? (r.simulator ? 'agree' : '') : 'MISMATCH';
    lines.push(`  ${r.rule.padEnd(8)} simulator ${simulator.padEnd(40)} passive ${`${label(r.passive.verdict)} (${r.passive.detail})`.padEnd(34)} ${agreement}`.trimEnd());
  }
  for (const r of rows) {
    if (r.agreement === 'simulator only') lines.push(`MISMATCH ${r.rule}: only the simulator failed it: ${SIMULATOR_ONLY}`);
    if (r.agreement === 'passive only') lines.push(`MISMATCH ${r.rule}: only the passive judge failed it${r.simulator ? '' : ' (the simulator does not judge it)'}; its first failure: ${r.passive.firstFailure?.split('\n')[0] ?? ''}`);
  }
  lines.push(`every rule the recording shows: npm run conformance -- observe --log ${passive.file} --one-token-per-customer`);
  return lines;
}
