import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckResult } from '../../suites/harness/check-result.js';
import { rules, type Rule } from '../../suites/rules/catalog.js';

export interface Traceability {
  path: string;
  /** Testable must-rules without any check: a gap the matrix must not allow. */
  uncovered: Rule[];
}

const STATE_MARK: Record<CheckResult['state'], string> = { passed: 'passed', failed: '**FAILED**', broken: '**BROKEN**', skipped: 'skipped' };

/** rule -> checks -> last result, from the checks of the last run. */
export function writeTraceability(checks: readonly CheckResult[], path: string): Traceability {
  const byRule = new Map<string, CheckResult[]>();
  for (const c of checks) for (const id of c.rules) byRule.set(id, [...(byRule.get(id) ?? []), c]);
  const uncovered: Rule[] = [];
  const lines = ['# Traceability: rule -> checks -> last result', '', `Generated ${new Date().toISOString()} from ${checks.length} checks.`, ''];
  const body: string[] = [];
  let currentArea = '';
  for (const rule of rules) {
    if (rule.area !== currentArea) {
      currentArea = rule.area;
      body.push('', `## ${rule.area}`, '', '| Rule | Level | Rule text | Checks | Last result |', '| --- | --- | --- | --- | --- |');
    }
    const mine = byRule.get(rule.id) ?? [];
    let status: string;
    if (rule.level === 'unspecified') status = 'unspecified (never asserted)';
    else if (!rule.testable) status = 'not testable from outside';
    else if (mine.length === 0) {
      status = '**UNCOVERED**';
      uncovered.push(rule);
    } else status = [...new Set(mine.map((c) => STATE_MARK[c.state]))].join(', ');
    const checkList = mine.map((c) => c.title.replace(/\|/g, '\\|')).join('<br>');
    body.push(`| ${rule.id} | ${rule.level} | ${rule.text.replace(/\|/g, '\\|')} | ${checkList} | ${status} |`);
  }
  lines.push(`Testable rules without a check: ${uncovered.length}${uncovered.length ? ` (${uncovered.map((r) => r.id).join(', ')})` : ''}.`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${[...lines, ...body].join('\n')}\n`);
  return { path, uncovered };
}
