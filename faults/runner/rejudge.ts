import { join } from 'node:path';
import type { Fault } from '../fault.js';
import { isExact, judgePassively, passiveExactness, TRAFFIC_FILE, type PassiveExactness, type PassiveFaultVerdict } from './passive-verdict.js';

export interface Rejudged {
  fault: Fault;
  verdict: PassiveFaultVerdict;
  exactness: PassiveExactness;
}

/**
 * `npm run faults -- --rejudge DIR`: the passive judge on traffic an earlier fault run recorded
 * (DIR/<fault id>/exchanges.jsonl, as `npm run faults` writes it under reports/faults), without
 * running a fault: a judge's change is checked against every fault in a minute, not a CI run.
 */
export async function rejudgeRecorded(dir: string, selected: readonly Fault[], print: (line: string) => void): Promise<Rejudged[]> {
  const results: Rejudged[] = [];
  for (const fault of selected) {
    const verdict = await judgePassively(fault, join(dir, fault.id, TRAFFIC_FILE));
    const result = { fault, verdict, exactness: passiveExactness(fault, verdict) };
    results.push(result);
    if (verdict.decidable.length > 0 || verdict.others.length > 0 || verdict.observedOtherwise) print(exactnessLine(result));
  }
  return results;
}

/** One fault's passive outcome against its declaration, for a progress line or the summary. */
export function exactnessLine({ fault, verdict, exactness }: Omit<Rejudged, 'fault'> & { fault: Pick<Fault, 'id'> }): string {
  const parts = [`passively ${verdict.found.length} of ${verdict.decidable.length}`];
  if (exactness.missed.length) parts.push(`missed ${exactness.missed.join(' ')}`);
  if (exactness.misCharged.length) parts.push(`mis-charged ${exactness.misCharged.map((o) => `${o.rule} (${o.message})`).join('; ')}`);
  if (exactness.observedOtherwise.length) parts.push(`observed otherwise with every judge reading every exchange, one at a time (a judge's reads too narrow, or state shared outside its context): ${exactness.observedOtherwise.join(' ')}`);
  if (exactness.seenAfterAll.length) parts.push(`declared unseen yet found ${exactness.seenAfterAll.join(' ')}`);
  return `${isExact(exactness) ? 'exact  ' : 'INEXACT'} ${fault.id}: ${parts.join(', ')}`;
}
