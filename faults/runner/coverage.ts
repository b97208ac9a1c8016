import type { Rule } from '../../spec/rules/catalog.js';
import type { Fault } from '../fault.js';

export interface FaultCoverage {
  testable: number;
  /** Testable rules named by at least one fault. */
  covered: number;
  /** Testable rules without a fault that the allow-list explains. */
  allowListed: number;
  /** Testable rules with neither a fault nor an allow-list entry. */
  uncovered: string[];
}

const isTestable = (rule: Rule) => rule.level === 'must' && rule.testable;

/**
 * Which testable rules a fault of the catalogue proves, and which only the allow-list excuses. A
 * measure-only fault proves nothing: a run may not find it.
 */
export function faultCoverage(faults: readonly Pick<Fault, 'rules' | 'measureOnly'>[], rules: readonly Rule[], allowList: Readonly<Record<string, string>>): FaultCoverage {
  const named = new Set(faults.filter((f) => f.measureOnly === undefined).flatMap((f) => f.rules));
  const testable = rules.filter(isTestable);
  const covered = testable.filter((r) => named.has(r.id));
  const allowListed = testable.filter((r) => !named.has(r.id) && allowList[r.id] !== undefined);
  const uncovered = testable.filter((r) => !named.has(r.id) && allowList[r.id] === undefined).map((r) => r.id);
  return { testable: testable.length, covered: covered.length, allowListed: allowListed.length, uncovered };
}

export function formatCoverage(c: FaultCoverage): string {
  return `fault coverage: ${c.covered} of ${c.testable} testable rules (${c.allowListed} allow-listed)`;
}

/**
 * Problems of the catalogue itself: duplicate fault IDs, faults naming unknown, untestable or
 * unspecified rules, allow-list entries for rules that are unknown or have a fault after all.
 */
export function catalogueProblems(faults: readonly Pick<Fault, 'id' | 'rules' | 'measureOnly'>[], rules: readonly Rule[], allowList: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const byId = new Map(rules.map((r) => [r.id, r]));
  const seen = new Set<string>();
  for (const fault of faults) {
    if (seen.has(fault.id)) problems.push(`fault id ${fault.id} is used twice`);
    seen.add(fault.id);
    if (fault.rules.length === 0) problems.push(`fault ${fault.id} names no rule`);
    for (const id of fault.rules) {
      const rule = byId.get(id);
      if (!rule) problems.push(`fault ${fault.id} names unknown rule ${id}`);
      else if (!isTestable(rule)) problems.push(`fault ${fault.id} names ${id}, which is not a testable rule`);
    }
  }
  const named = new Set(faults.filter((f) => f.measureOnly === undefined).flatMap((f) => f.rules));
  for (const [id, reason] of Object.entries(allowList)) {
    const rule = byId.get(id);
    if (!rule) problems.push(`allow-list names unknown rule ${id}`);
    else if (!isTestable(rule)) problems.push(`allow-list names ${id}, which is not a testable rule`);
    else if (named.has(id)) problems.push(`allow-list names ${id}, which a fault covers: remove the entry`);
    if (reason.trim().length < 20) problems.push(`allow-list entry ${id} needs a reason`);
  }
  return problems;
}
