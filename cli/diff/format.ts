import type { RuleVerdict, RuleVerdictKind } from '../statement/rule-verdicts.js';
import type { RunComparison, Transition } from './compare.js';
import type { Run } from './read-run.js';
import { shown } from '../report-folder/terminal-text.js';

/** Entries a section prints before "and N more": a folder of a hundred thousand checks says no more in full. */
export const SECTION_ENTRIES = 50;

const name = (v: RuleVerdictKind | undefined) => v ?? 'absent';

/** The comparison as printed: one section per kind of change, empty sections left out, then the counts. */
export function formatComparison(c: RunComparison): string[] {
  const labels = c.runs.map((r) => r.label);
  const lines = [`diff ${labels.join(' → ')}`, ...selectionNote(c.runs)];
  const section = (title: string, body: string[][]) => {
    if (body.length === 0) return;
    lines.push('', `${title} (${body.length})`, ...body.slice(0, SECTION_ENTRIES).flat());
    if (body.length > SECTION_ENTRIES) lines.push(`  and ${body.length - SECTION_ENTRIES} more`);
  };
  section('Regressions', c.regressions.map((t) => [head(t), ...failureOf(t.toRun, t.to, 'failing')]));
  section('Fixes', c.fixes.map((t) => [head(t), ...failureOf(t.fromRun, t.from, 'failed before')]));
  section('New skips', c.newSkips.map((t) => [head(t), `      why: ${t.to.reason === undefined ? 'no reason given' : shown(t.to.reason)}`]));
  section('Flaky', c.flaky.map((f) => [`  ${shown(f.rule)}  ${f.verdicts.map(name).join(' → ')}`]));
  section('Checks added', c.checksAdded.map((title) => [`  ${shown(title)}`]));
  section('Checks removed', c.checksRemoved.map((title) => [`  ${shown(title)}`]));
  const counts = [
    plural(c.regressions.length, 'regression'),
    plural(c.fixes.length, 'fix', 'fixes'),
    plural(c.newSkips.length, 'new skip'),
    `${c.flaky.length} flaky`,
    `${c.checksAdded.length} checks added`,
    `${c.checksRemoved.length} removed`,
  ];
  const span = c.runs.length > 2 ? ` (last two runs; flaky over all ${c.runs.length})` : '';
  lines.push('', `${counts.join(', ')}${span}`);
  return lines;
}

/** Runs restricted differently compare only where both looked: say so, or the sections mislead. */
function selectionNote(runs: readonly Run[]): string[] {
  const stated = runs.filter((r) => r.selection !== undefined);
  if (new Set(stated.map((r) => r.selection)).size < 2) return [];
  return [
    'note: the runs selected different checks; rules and checks only one of them selected show as absent, added or removed:',
    ...stated.map((r) => `  ${r.label}: ${shown(r.selection)}`),
  ];
}

function head(t: Transition): string {
  return `  ${shown(t.rule)}  ${name(t.from?.verdict)} → ${t.to.verdict}`;
}

/** The first of the rule's checks that failed in that run, and the rule's reason, when there are any. */
function failureOf(run: Run, verdict: RuleVerdict | undefined, label: string): string[] {
  const check = verdict?.checks.find((title) => run.failing.has(title));
  return [...(check ? [`      ${label}: ${shown(check)}`] : []), ...(verdict?.reason ? [`      reason: ${shown(verdict.reason)}`] : [])];
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
