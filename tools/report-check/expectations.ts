import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The attachment names suites/harness/check.ts gives a failing check. */
export const CURL_ATTACHMENT = 'curl (last request)';
export const EXCHANGES_ATTACHMENT = 'exchanges';

export interface Totals {
  total: number;
  passed: number;
  failed: number;
  broken: number;
  skipped: number;
}

/** A failing check with the text its attachments hold, which the report must show verbatim. */
export interface FailingCheck {
  title: string;
  curl: string;
  exchanges: string;
}

export interface ReportExpectations {
  totals: Totals;
  failing: FailingCheck;
}

const count = z.number().int().nonnegative();
const summarySchema = z.object({
  target: z.string(),
  totals: z.object({ passed: count, failed: count, broken: count, skipped: count }),
  failed: z.array(z.object({ title: z.string(), state: z.string() })),
});

export function parseSummary(json: unknown): { target: string; totals: Totals; failedTitles: string[] } {
  const parsed = summarySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`summary.json: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const { target, totals, failed } = parsed.data;
  return {
    target,
    totals: { total: totals.passed + totals.failed + totals.broken + totals.skipped, ...totals },
    // Broken checks are harness trouble; the report check wants a rule the target broke.
    failedTitles: failed.filter((f) => f.state === 'failed').map((f) => f.title),
  };
}

interface AllureStep {
  name?: string;
  status?: string;
  attachments?: { name: string; source: string }[];
  steps?: AllureStep[];
}

function attachmentsOf(step: AllureStep): { name: string; source: string }[] {
  return [...(step.attachments ?? []), ...(step.steps ?? []).flatMap(attachmentsOf)];
}

/**
 * The failing check's curl line and exchanges as allure-results hold them (allure-js puts an
 * attachment made inside a test into a step of its own, so steps are searched too). Throws, naming
 * what is missing, when the results lack the check or either attachment, or when they do not
 * look like what suites/harness/exchange.ts writes for this target.
 */
export function failingCheckFromResults(title: string, target: string, results: unknown[], readAttachment: (source: string) => string): FailingCheck {
  const result = (results as AllureStep[]).find((r) => r.name === title && r.status === 'failed');
  if (!result) throw new Error(`allure-results hold no failed result named "${title}" (summary.json lists it as failed)`);
  const attachments = attachmentsOf(result);
  const text = (name: string) => {
    const found = attachments.find((a) => a.name === name);
    if (!found) throw new Error(`the failing check "${title}" has no "${name}" attachment in allure-results (it has: ${attachments.map((a) => a.name).join(', ') || 'none'})`);
    return readAttachment(found.source).trim();
  };
  const curl = text(CURL_ATTACHMENT);
  const exchanges = text(EXCHANGES_ATTACHMENT);
  if (!curl.startsWith('curl ') || !curl.includes(target)) throw new Error(`the "${CURL_ATTACHMENT}" attachment of "${title}" is not a curl line against ${target}: ${curl.slice(0, 200)}`);
  if (!/^(GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD) \S+/m.test(exchanges) || !/^(HTTP \d{3}|\(no response: )/m.test(exchanges)) {
    throw new Error(`the "${EXCHANGES_ATTACHMENT}" attachment of "${title}" shows no request line and response status: ${exchanges.slice(0, 200)}`);
  }
  return { title, curl, exchanges };
}

/** What the report of a run directory (written with the CLI's --report-dir) must show. */
export function readRunExpectations(runDir: string): ReportExpectations {
  const summary = parseSummary(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
  const title = summary.failedTitles[0];
  if (title === undefined) throw new Error(`${join(runDir, 'summary.json')} lists no failed check: the injected fault was not caught`);
  const resultsDir = join(runDir, 'allure-results');
  const results = readdirSync(resultsDir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as unknown);
  return { totals: summary.totals, failing: failingCheckFromResults(title, summary.target, results, (source) => readFileSync(join(resultsDir, source), 'utf8')) };
}
