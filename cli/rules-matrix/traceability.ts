import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckResult } from '../../harness-core/check-result.js';
import { rules, type Rule } from '../../spec/rules/catalog.js';
import { describeSelection, FULL_RUN, isSelected, type RunSelection } from './selection.js';

export interface Traceability {
  path: string;
  /** Testable must-rules the run selected but no check covered: a gap the matrix must not allow. */
  uncovered: Rule[];
  /** Testable must-rules the run selected (all of them in a full run). */
  selected: number;
}

const STATE_MARK: Record<CheckResult['state'], string> = { passed: 'passed', failed: '**FAILED**', broken: '**BROKEN**', skipped: 'skipped' };

/** rule -> checks -> last result, from the checks of the last run; a restricted run judges only the rules it selected. */
export function writeTraceability(checks: readonly CheckResult[], path: string, selection: RunSelection = FULL_RUN): Traceability {
  const byRule = new Map<string, CheckResult[]>();
  for (const c of checks) for (const id of c.rules) byRule.set(id, [...(byRule.get(id) ?? []), c]);
  const uncovered: Rule[] = [];
  let selected = 0;
  const restriction = describeSelection(selection);
  const lines = [
    '# Traceability: rule -> checks -> last result',
    '',
    `Generated ${new Date().toISOString()} from ${checks.length} checks${restriction ? ` of a run restricted to ${restriction}: rules outside it are marked "not selected"` : ''}.`,
    '',
  ];
  const body: string[] = [];
  let currentArea = '';
  for (const rule of rules) {
    if (rule.area !== currentArea) {
      currentArea = rule.area;
      body.push('', `## ${rule.area}`, '', '| Rule | Level | Rule text | Checks | Last result |', '| --- | --- | --- | --- | --- |');
    }
    const mine = byRule.get(rule.id) ?? [];
    const results = [...new Set(mine.map((c) => STATE_MARK[c.state]))].join(', ');
    let status: string;
    if (rule.level === 'unspecified') status = 'unspecified (never asserted)';
    else if (!rule.testable) status = 'not testable from outside';
    else if (!isSelected(rule, selection)) status = mine.length ? `${results} (not selected)` : 'not selected';
    else {
      selected += 1;
      if (mine.length === 0) uncovered.push(rule);
      status = mine.length === 0 ? '**UNCOVERED**' : results;
    }
    const checkList = mine.map((c) => c.title.replace(/\|/g, '\\|')).join('<br>');
    body.push(`| ${rule.id} | ${rule.level} | ${rule.text.replace(/\|/g, '\\|')} | ${checkList} | ${status} |`);
  }
  lines.push(`Testable rules selected: ${selected}; without a check: ${uncovered.length}${uncovered.length ? ` (${uncovered.map((r) => r.id).join(', ')})` : ''}.`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${[...lines, ...body].join('\n')}\n`);
  return { path, uncovered, selected };
}
