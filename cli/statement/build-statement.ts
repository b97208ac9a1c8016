import { readFileSync } from 'node:fs';
import type { CheckResult } from '../../harness-core/check-result.js';
import { INTERFACE_VERSION } from '../../spec/contract/meta.js';
import { FREEDOMS } from '../../spec/freedoms/index.js';
import { rules } from '../../spec/rules/catalog.js';
import { sha256Hex } from './dsse.js';
import { ReportFolder } from '../report-folder/confined-read.js';
import { allureFiles, checkKey, fileDigest, isResultFile, readResult, VOUCHED_REPORTS, type ResultFacts } from './report-files.js';
import { judgedBy, ruleVerdicts, stateOfRecord } from './rule-verdicts.js';
import { PREDICATE_TYPE, STATEMENT_TYPE, type Observation, type RuleEntry, type Statement, type StatementCheck } from './statement-schema.js';
import { targetDigest, type TargetAnswers } from './target-answers.js';
import { kitIdentity } from './kit-identity.js';

export interface StatementInput {
  reportDir: string;
  /** Every check of the run, as the summary counts them (with the preflight's and collection failures). */
  checks: readonly CheckResult[];
  baseUrl: string;
  answers: TargetAnswers;
  /** The run's profile; an observation has none. */
  profilePath?: string;
  profile?: unknown;
  observation?: Observation;
  selection: Record<string, unknown>;
  counts: { passed: number; failed: number; broken: number; skipped: number };
  wallSeconds: number;
  floorSeconds: number;
}

/** The catalogues' digests as this kit has them: a verifier compares a statement's against them. */
export function catalogueDigests(): Statement['predicate']['cpfConformance']['catalogues'] {
  return { rules: sha256Hex(JSON.stringify(rules)), freedoms: sha256Hex(JSON.stringify(FREEDOMS)), specVersion: INTERFACE_VERSION };
}

/** The rules every statement must list: those a check can judge from outside. */
export const testableRuleIds = (): string[] => rules.filter((r) => r.level === 'must' && r.testable).map((r) => r.id);

export function buildStatement(input: StatementInput): Statement {
  const folder = ReportFolder.open(input.reportDir);
  const allure = allureFiles(folder);
  const resultOf = resultIndex(folder, allure.filter(isResultFile));
  // A verifier reads each check's state from its result file: the statement states what it will find.
  const checks = input.checks.map((check) => {
    const result = resultOf.get(checkKey(check.file, check.title))?.shift();
    return { check: result ? { ...check, state: stateOfRecord(check.state, result.facts.status) } : check, result: result?.path };
  });
  const entries = new Map(checks.map(({ check, result }) => [check, { title: check.title, state: check.state, ...(result ? { result, sha256: fileDigest(folder, result) } : {}), ...(check.metBy ? { metBy: check.metBy } : {}) }]));
  const runChecks = checks.map((c) => c.check);
  const verdicts = ruleVerdicts(runChecks);
  const ruleMap: Record<string, RuleEntry> = {};
  // Catalogue order, as a reviewer reads the spec (AUTH-2 before AUTH-10), then any rule the catalogue lacks.
  const catalogueOrder = rules.map((r) => r.id);
  const ids = [...new Set([...catalogueOrder.filter((id) => testableRuleIds().includes(id) || id in verdicts), ...Object.keys(verdicts).sort()])];
  for (const id of ids) {
    const v = verdicts[id];
    const checkEntry = (c: CheckResult): StatementCheck => ({ ...(entries.get(c) as StatementCheck), ...(c.state === 'passed' ? { judged: judgedBy(c, id) } : {}) });
    ruleMap[id] = v
      ? {
          verdict: v.verdict,
          ...(v.reason !== undefined ? { reason: v.reason } : {}),
          ...(v.evidence ? { evidence: v.evidence } : {}),
          ...(v.items !== undefined ? { items: v.items } : {}),
          checks: runChecks.filter((c) => c.rules.includes(id)).map(checkEntry),
        }
      : { verdict: 'not-selected', reason: 'no check of this run judged it (not selected by --area, --rules, --file or --shard)', checks: [] };
  }
  const titles = (keep: (c: CheckResult) => boolean) => runChecks.filter(keep).map((c) => c.title);
  const failedTests = titles((c) => c.state === 'failed');
  const warnedTests = titles((c) => c.state === 'broken' || (c.state === 'skipped' && (c.note?.startsWith('inconclusive') ?? false)));
  const files: Record<string, string> = {};
  for (const path of [...VOUCHED_REPORTS.filter((p) => folder.has(p)), ...allure]) files[path] = fileDigest(folder, path);
  const profileDigest = input.profilePath === undefined ? undefined : sha256Hex(readFileSync(input.profilePath));
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: input.baseUrl, digest: { sha256: targetDigest(input.baseUrl, input.answers.root, input.answers.health) } }],
    predicateType: PREDICATE_TYPE,
    predicate: {
      result: failedTests.length > 0 ? 'FAILED' : warnedTests.length > 0 ? 'WARNED' : 'PASSED',
      configuration: profileDigest === undefined ? [] : [{ name: 'profile', digest: { sha256: profileDigest } }],
      passedTests: titles((c) => c.state === 'passed'),
      failedTests,
      warnedTests,
      cpfConformance: {
        kit: kitIdentity(),
        catalogues: catalogueDigests(),
        target: { baseUrl: input.baseUrl, root: input.answers.root, health: input.answers.health, at: input.answers.at },
        profile: profileDigest === undefined ? { sha256: '', redacted: 'none: an observation judges traffic without a profile' } : { sha256: profileDigest, redacted: redacted(input.profile) },
        selection: input.selection,
        rules: ruleMap,
        counts: input.counts,
        wallSeconds: input.wallSeconds,
        floorSeconds: input.floorSeconds,
        files,
        ...(input.observation ? { observation: input.observation } : {}),
      },
    },
  };
}

/** Allure result files by check (file and title); a title run twice keeps its results in file order. */
function resultIndex(folder: ReportFolder, resultFiles: readonly string[]): Map<string, { path: string; facts: ResultFacts }[]> {
  const index = new Map<string, { path: string; facts: ResultFacts }[]>();
  for (const path of resultFiles) {
    const facts = readResult(folder, path);
    const key = checkKey(facts.file, facts.title);
    index.set(key, [...(index.get(key) ?? []), { path, facts }]);
  }
  return index;
}

const SECRET_KEYS = new Set(['tokens', 'token', 'authenticate']);

/** The profile without its secrets: every token and the webhook's authenticate value. */
export function redacted(value: unknown, key?: string): unknown {
  if (key !== undefined && SECRET_KEYS.has(key)) return Array.isArray(value) ? value.map(() => '(redacted)') : '(redacted)';
  if (Array.isArray(value)) return value.map((v) => redacted(v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redacted(v, k)]));
  return value;
}

