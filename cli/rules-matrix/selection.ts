import type { Rule } from '../../spec/rules/catalog.js';

/** What a conformance run was restricted to (written next to checks.json as selection.json). */
export interface RunSelection {
  rules: string[];
  areas: string[];
  files: string[];
  shard?: string;
}

export const FULL_RUN: RunSelection = { rules: [], areas: [], files: [] };

/** `PROJ-12` matches that rule, `PROJ-*` (or `PROJ*`) every rule of the prefix. */
export function ruleIdPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return pattern.endsWith('*') ? new RegExp(`^${escaped.slice(0, -1).replace(/-$/, '')}-\\d+$`) : new RegExp(`^${escaped}$`);
}

const testable = (rule: Rule) => rule.level === 'must' && rule.testable;

/** --rules patterns that name no testable rule of the catalogue (an unknown ID, or only rules nothing asserts). */
export function unmatchedRulePatterns(patterns: readonly string[], rules: readonly Rule[]): string[] {
  return patterns.filter((p) => !rules.some((r) => testable(r) && ruleIdPattern(p).test(r.id)));
}

/**
 * Whether the run judged a rule's coverage. --file and --shard cut the checks themselves, so such
 * a run cannot say which rules lack a check: it judges none.
 */
export function isSelected(rule: Rule, selection: RunSelection): boolean {
  if (selection.files.length > 0 || selection.shard) return false;
  if (selection.rules.length > 0 && !selection.rules.some((p) => ruleIdPattern(p).test(rule.id))) return false;
  return selection.areas.length === 0 || selection.areas.includes(rule.area);
}

export function describeSelection(selection: RunSelection): string | undefined {
  const parts = [
    ...(selection.areas.length ? [`areas ${selection.areas.join(', ')}`] : []),
    ...(selection.rules.length ? [`rules ${selection.rules.join(', ')}`] : []),
    ...(selection.files.length ? [`files ${selection.files.join(', ')}`] : []),
    ...(selection.shard ? [`shard ${selection.shard}`] : []),
  ];
  return parts.length ? parts.join('; ') : undefined;
}
