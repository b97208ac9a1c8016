import { existsSync } from 'node:fs';
import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { observeAll } from '../../observe/judge/observer.js';
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
  /** Rules the judge failed that the fault does not name: a false alarm of a judge, each with its first message. */
  others: { rule: string; message: string }[];
}

/**
 * The passive judge on the traffic the checks exchanged with the faulted server: it must fail the
 * passively decidable rules the fault names, and nothing else (the traffic is that of the checks
 * of the fault's rules, so any other failure is a judge's false alarm).
 */
export async function judgePassively(fault: Pick<Fault, 'rules' | 'metBy'>, trafficFile: string): Promise<PassiveFaultVerdict> {
  const decidable = fault.rules.filter((r) => passiveOf(r)?.class !== undefined && passiveOf(r)?.class !== 'not-passive');
  if (!existsSync(trafficFile)) return { decidable, found: [], others: [{ rule: '(none)', message: `no traffic recorded in ${trafficFile}` }] };
  const observation = await observeAll(readExchangeLog([trafficFile]).exchanges, JUDGES);
  const named = new Set([...fault.rules, ...(fault.metBy ?? [])]);
  const failed = Object.entries(observation.rules).filter(([, r]) => r.verdict === 'fail');
  return {
    decidable,
    found: decidable.filter((r) => observation.rules[r]?.verdict === 'fail'),
    others: failed.filter(([rule]) => !named.has(rule)).map(([rule, r]) => ({ rule, message: r.failures[0]?.message ?? '' })),
  };
}
