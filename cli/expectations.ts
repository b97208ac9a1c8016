import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CheckResult } from '../harness-core/check-result.js';
import { isKnownRule } from '../spec/rules/catalog.js';
import { UsageError } from './command-line/usage.js';

/**
 * Known failures of one implementation, like a web-platform-tests expectation file: the run fails
 * only on failures not listed here, and reports listed checks that pass now (fixed).
 */
const expectationSchema = z.strictObject({
  $comment: z.string().optional(),
  expectedFailures: z.array(
    z.strictObject({
      check: z.string().min(1).describe('A check title exactly as in the report, or a rule ID such as PROJ-12 (all checks naming it).'),
      reason: z.string().min(1).describe('Why this implementation is known to fail it (ticket, decision).'),
    }),
  ),
});

export type Expectations = z.infer<typeof expectationSchema>;

export function loadExpectations(path: string): Expectations {
  if (!existsSync(path)) throw new UsageError(`--expect ${path}: file not found. Fix: create it with {"expectedFailures": [{"check": "<title or rule ID>", "reason": "..."}]}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--expect ${path}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = expectationSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new UsageError(`--expect ${path}: ${issues}. Fix: {"expectedFailures": [{"check": "<title or rule ID>", "reason": "..."}]}`);
  }
  const wrong = parsed.data.expectedFailures.flatMap((entry, i) => entryProblem(entry.check).map((p) => `expectedFailures[${i}].check ${JSON.stringify(entry.check)}: ${p}`));
  if (wrong.length > 0) throw new UsageError(`--expect ${path}: ${wrong.join('; ')}. Fix: use rule IDs from docs/rules.md, or check titles exactly as reports/checks.json gives them`);
  return parsed.data;
}

const RULE_ID = /^[A-Z]+-\d+$/;

/** An entry is a rule ID of the catalogue, or a check title, which starts with the bracketed IDs of its rules. */
function entryProblem(check: string): string[] {
  if (RULE_ID.test(check)) return isKnownRule(check) ? [] : ['unknown rule'];
  const ids = /^\[([A-Z]+-\d+(?: [A-Z]+-\d+)*)\] \S/.exec(check)?.[1];
  if (ids === undefined) return ['neither a rule ID nor a check title ("[RULE-1 ...] title")'];
  const unknown = ids.split(' ').filter((id) => !isKnownRule(id));
  return unknown.length ? [`names unknown rule(s) ${unknown.join(', ')}`] : [];
}

/** Entries that matched no check of a run that selected every check: they name a check this kit does not have. */
export function unmatchedEntries(checks: readonly CheckResult[], expectations: Expectations): string[] {
  return expectations.expectedFailures.filter((e) => !checks.some((c) => matches(e, c))).map((e) => e.check);
}

export interface ExpectationVerdict {
  /** Failed and listed. */
  known: { title: string; reason: string }[];
  /** Failed and not listed: these fail the run. */
  regressions: CheckResult[];
  /** Listed, ran, and passed: the entry can go. */
  fixed: { title: string; reason: string }[];
}

function matches(entry: { check: string }, check: CheckResult): boolean {
  return /^[A-Z]+-\d+$/.test(entry.check) ? check.rules.includes(entry.check) : entry.check === check.title;
}

export function applyExpectations(checks: readonly CheckResult[], expectations: Expectations): ExpectationVerdict {
  const verdict: ExpectationVerdict = { known: [], regressions: [], fixed: [] };
  for (const check of checks) {
    const entry = expectations.expectedFailures.find((e) => matches(e, check));
    if (check.state === 'failed') {
      if (entry) verdict.known.push({ title: check.title, reason: entry.reason });
      else verdict.regressions.push(check);
    } else if (check.state === 'passed' && entry) {
      verdict.fixed.push({ title: check.title, reason: entry.reason });
    }
  }
  return verdict;
}
