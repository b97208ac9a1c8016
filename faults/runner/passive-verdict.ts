import { existsSync } from 'node:fs';
import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { Observer, type Observation } from '../../observe/judge/observer.js';
import { readingEverything } from '../../observe/judge/reader-table.js';
import { JUDGES } from '../../observe/judges/index.js';
import { passiveOf } from '../../spec/rules/passive.js';
import type { Fault } from '../fault.js';

/** The file of a fault's report dir that holds its run's traffic, recorded through the proxy. */
export const TRAFFIC_FILE = 'exchanges.jsonl';

export interface PassiveFaultVerdict {
  /** The rules the fault names that a passive judge can decide. */
  decidable: string[];
  /** Of those, the ones the judge failed on the traffic of the fault's run. */
  found: string[];
  /** Rules the judge failed that the fault does not name, each with its first message. */
  others: { rule: string; message: string }[];
  /**
   * Rules observed otherwise when every judge is handed every exchange (`readingEverything`), one
   * exchange after another (`batchSize` 1): a judge's declared reads leave out an exchange it acts
   * on, or judges share state their context does not show (judge-groups.ts), so judging in batches
   * changes what they see. Each recording proves both.
   */
  observedOtherwise?: string[];
}

type Judged = Pick<Fault, 'rules' | 'metBy' | 'passive'>;

/**
 * The passive judge on the traffic the checks exchanged with the faulted server (the traffic is
 * that of the checks of the fault's rules, so a failure of any rule the fault neither names nor
 * declares in `passive.alsoBreaks` is a judge's false alarm).
 */
export async function judgePassively(fault: Judged, trafficFile: string): Promise<PassiveFaultVerdict> {
  const decidable = fault.rules.filter((r) => passiveOf(r)?.class !== undefined && passiveOf(r)?.class !== 'not-passive');
  if (!existsSync(trafficFile)) return { decidable, found: [], others: [{ rule: '(none)', message: `no traffic recorded in ${trafficFile}` }] };
  const { observation, everyExchange } = await judgedTwice(trafficFile);
  const observedOtherwise = rulesObservedOtherwise(observation, everyExchange);
  const named = new Set([...fault.rules, ...(fault.metBy ?? [])]);
  const failed = Object.entries(observation.rules).filter(([, r]) => r.verdict === 'fail');
  return {
    decidable,
    found: decidable.filter((r) => observation.rules[r]?.verdict === 'fail'),
    others: failed.filter(([rule]) => !named.has(rule)).map(([rule, r]) => ({ rule, message: r.failures[0]?.message ?? '' })),
    ...(observedOtherwise.length > 0 && { observedOtherwise }),
  };
}

/** The traffic judged as `observe` judges it, and with every judge handed every exchange, one at a time: one reading feeds both (no judge changes an exchange it reads). */
async function judgedTwice(trafficFile: string): Promise<{ observation: Observation; everyExchange: Observation }> {
  const declared = new Observer(JUDGES);
  const every = new Observer(readingEverything(JUDGES), { batchSize: 1 });
  for await (const exchange of readExchangeLog([trafficFile]).exchanges) {
    declared.see(exchange);
    every.see(exchange);
  }
  return { observation: declared.verdicts(true), everyExchange: every.verdicts(true) };
}

function rulesObservedOtherwise(a: Observation, b: Observation): string[] {
  return Object.keys(a.rules).filter((rule) => JSON.stringify(a.rules[rule]) !== JSON.stringify(b.rules[rule]));
}

export interface PassiveExactness {
  /** Named, passively decidable, not declared unseen, and not failed by the judge. */
  missed: string[];
  /** Failed by the judge, neither named nor declared in `passive.alsoBreaks` or `passive.indistinguishable`: a judge charging the wrong rule. */
  misCharged: { rule: string; message: string }[];
  /** Declared unseen yet failed: the declaration says less than the traffic showed (reported, not wrong). */
  seenAfterAll: string[];
  /** Observed otherwise when every judge reads every exchange, one at a time (PassiveFaultVerdict.observedOtherwise). */
  observedOtherwise: string[];
}

/** How the judge's verdict on a fault's traffic compares with what the fault says a passive judge must and may see. */
export function passiveExactness(fault: Judged, verdict: PassiveFaultVerdict): PassiveExactness {
  const unseen = fault.passive?.unseen ?? {};
  const also = { ...fault.passive?.alsoBreaks, ...fault.passive?.indistinguishable };
  return {
    missed: verdict.decidable.filter((r) => !verdict.found.includes(r) && !(r in unseen)),
    misCharged: verdict.others.filter((o) => !(o.rule in also)),
    seenAfterAll: verdict.found.filter((r) => r in unseen),
    observedOtherwise: verdict.observedOtherwise ?? [],
  };
}

/** Whether the judge did exactly what the fault says of it. */
export function isExact(e: PassiveExactness): boolean {
  return e.missed.length === 0 && e.misCharged.length === 0 && e.observedOtherwise.length === 0;
}
