import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { statementIn } from '../../cli/diff/read-run.js';
import { ruleEntrySchema, type RuleEntry } from '../../cli/statement/statement-schema.js';

/**
 * After a run on the bundled server's thin data set (`--seed thin`, reference-server/src/seed/thin.ts):
 * no rule that such data cannot exercise may read pass in the run's statement. A pass there would be
 * a check that passes without having judged its rule, the very thing the statement must not show.
 *
 * The list is taken from the checks: a rule is in it only when no check can judge it on the thin
 * data (every check naming it needs what the data set lacks). Rules that the thin data leave in
 * part unjudged but that another check judges on what there is are not in it: RES-17 (the
 * exploration judges it on the projects it creates, whose base data are never calculable),
 * PROJ-89 and STAT-6 (judged on the project list and on fresh projects), FUND-42 (the one expected
 * application), and of the rules the radiators show: RES-24 and RES-28 (judged on the project data
 * and the room list), RES-20 to RES-22 (judged on the refused values), RES-18, RES-23 and RES-25
 * (judged where `hydraulicBalance` differs between system temperatures: the bundled server's
 * carries the flow temperature, return temperature and spread even without radiators).
 * PROJ-121 (the thin data set has no project variant) is not a property of thin data.
 */
export interface ThinDataRule {
  rule: string;
  /** What the thin data set lacks for it. */
  needs: string;
}

export const THIN_DATA_RULES: readonly ThinDataRule[] = [
  // One token per customer. suites/auth/authorization.ts (both AUTH-10 checks) and the exploration's
  // reads through a second token; suites/rate-limit: the burst over several tokens leases a customer with two.
  { rule: 'AUTH-10', needs: 'a second token of the primary customer' },
  { rule: 'RATE-6', needs: 'a customer with a second token' },
  { rule: 'RATE-7', needs: 'a customer with a second token' },
  // No project in status 4 or 5. suites/status: a room in the profile's archived/completed project;
  // the exploration's own projects start in status 1 and never reach 4 or 5.
  { rule: 'STAT-5', needs: 'a project of the primary customer in status 4 or 5 (resources.primaryProjectKeys.archived/completed)' },
  // No incomplete project. suites/errors: results of resources.primaryProjectKeys.incomplete;
  // suites/webhook: the PDF of webhook.incompleteProject must send nothing.
  { rule: 'ERR-21', needs: 'an incomplete project of the primary customer (resources.primaryProjectKeys.incomplete)' },
  { rule: 'HOOK-4', needs: 'a project of webhook.customer whose PDF creation fails (webhook.incompleteProject)' },
  // Only project-bound applications (suites/funding): only a standalone one judges FUND-12, the
  // expected standalone, archived or canceled ones FUND-39, one whose project is gone FUND-46.
  { rule: 'FUND-12', needs: 'a standalone application' },
  { rule: 'FUND-39', needs: 'a standalone, archived or canceled application' },
  { rule: 'FUND-46', needs: 'an application whose project is no longer available' },
  // One application per customer (suites/funding): the order of a list needs two in it.
  { rule: 'FUND-31', needs: 'at least two applications of a customer' },
  // That one application is freshly created (status created): no id, advisor or milestone is set yet
  // (suites/funding/field-checks.ts and expected-value-checks.ts judge only values other than null).
  { rule: 'FUND-14', needs: 'an application with a bzaId' },
  { rule: 'FUND-15', needs: 'an application with a bndId' },
  { rule: 'FUND-19', needs: 'an application with an advisor id' },
  { rule: 'FUND-20', needs: 'an application with an advisor name' },
  { rule: 'FUND-21', needs: 'an application with an advisor title' },
  { rule: 'FUND-23', needs: 'an application with a milestone time' },
];

/** A rule's reason as printed: its first few parts (the statement joins one per check and lane with " | "). */
function shortReason(reason: string, parts = 3): string {
  const all = reason.split(' | ');
  return all.length <= parts ? reason : `${all.slice(0, parts).join(' | ')} | (${all.length - parts} more like these in the statement)`;
}

const rulesSchema = z.object({ predicate: z.object({ cpfConformance: z.object({ rules: z.record(z.string(), ruleEntrySchema) }) }) });

/** The rules of the run's statement.json, or why there are none (the run wrote no statement, or one that does not read). */
export function readStatementRules(file: string): Record<string, RuleEntry> | string {
  if (!existsSync(file)) return `no ${file} was written`;
  try {
    return statementIn(file, JSON.parse(readFileSync(file, 'utf8')), rulesSchema).predicate.cpfConformance.rules;
  } catch (err) {
    return `${file} does not read as a statement: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * Each listed rule with its verdict and reason, and the exit code: the CLI's, raised to 1 when a
 * listed rule reads pass, and to 3 when there is no statement (`rules` says why) or a listed rule
 * is not in it (the list names a rule the catalogue does not hold).
 */
export function thinVerdict(input: { rules: Record<string, RuleEntry> | string; cliCode: number; list?: readonly ThinDataRule[] }): { lines: string[]; code: number } {
  const list = input.list ?? THIN_DATA_RULES;
  let code = input.cliCode;
  if (typeof input.rules === 'string') return { lines: [`thin data: ${input.rules}, so the verdicts of the rules thin data cannot exercise are unknown`], code: Math.max(code, 3) };
  const lines = [`thin data: ${list.length} rules it cannot exercise must not read pass`];
  const passed: string[] = [];
  for (const { rule, needs } of list) {
    const entry = input.rules[rule];
    if (!entry) {
      lines.push(`  ${rule}: not in the statement (no such rule in the catalogue?); needs ${needs}`);
      code = Math.max(code, 3);
      continue;
    }
    if (entry.verdict === 'pass') {
      passed.push(rule);
      const checks = entry.checks.filter((c) => c.state === 'passed' && c.judged !== false).map((c) => c.title);
      lines.push(`  ${rule}: PASS although thin data lack ${needs}; passed by: ${checks.join('; ') || '(no check named)'}${entry.evidence?.length ? `; evidence: ${entry.evidence.join('; ')}` : ''}`);
      continue;
    }
    lines.push(`  ${rule}: ${entry.verdict}${entry.reason ? `: ${shortReason(entry.reason)}` : ''} (needs ${needs})`);
  }
  if (passed.length > 0) {
    lines.push(`${passed.join(', ')} read pass on data that cannot exercise ${passed.length === 1 ? 'it' : 'them'}: a check passes without judging its rule`);
    code = Math.max(code, 1);
  }
  return { lines, code };
}
