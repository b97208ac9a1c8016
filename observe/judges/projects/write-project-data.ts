/**
 * The status of every project data write (POST /reports/with-data, PATCH /reports/{projectKey}) by
 * what its body holds: a body the field table proves invalid must give 422 validation; a body valid
 * in every respect the spec fixes must not give 422. Answers a 401, 403, 404, 429 or 5xx explains
 * (FREE-ERR-7, FREE-PROJ-15) and bodies that are not plainly JSON are left unjudged.
 */
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import type { WriteReading } from './field-table.js';
import { writeBodyOf } from './write-body.js';
import { answered, refusedAsValidation, requestLabel, succeeded } from './write-outcome.js';
import { projectWriteReadingOf } from './write-reading.js';
import { ValidWrites } from './write-valid-data.js';
import { CHANGE_ROW, WITH_DATA_ROW } from './project-rows.js';


/** Each field's "must give 422" rules (the envelope rules, every row of the table that refuses a value). */
const REFUSING_RULES = [
  'PROJ-7', 'PROJ-8', 'PROJ-9', 'PROJ-10', 'PROJ-11', 'PROJ-12', 'PROJ-13', 'PROJ-14', 'PROJ-16', 'PROJ-20', 'PROJ-23', 'PROJ-24', 'PROJ-25', 'PROJ-28',
  'PROJ-31', 'PROJ-32', 'PROJ-34', 'PROJ-37', 'PROJ-40', 'PROJ-45', 'PROJ-48', 'PROJ-53', 'PROJ-56', 'PROJ-61', 'PROJ-64', 'PROJ-65', 'PROJ-69',
];
/** The "must accept" rules: the envelopes, a single field, and each row's valid values. */
const ACCEPTING_RULES = ['PROJ-5', 'PROJ-6', 'PROJ-15', 'PROJ-26', 'PROJ-29', 'PROJ-35', 'PROJ-38', 'PROJ-41', 'PROJ-46', 'PROJ-49', 'PROJ-54', 'PROJ-57', 'PROJ-59', 'PROJ-62'];

export function projectDataWriteJudge(): Judge {
  const valid = new ValidWrites();
  return {
    rules: [...new Set([...REFUSING_RULES, ...ACCEPTING_RULES, 'PROJ-85', 'PROJ-86', 'PROJ-104'])],
    // The two writes of project data, answered on their input (the valid ones taken are remembered from them alone).
    reads: { endpoints: [WITH_DATA_ROW, CHANGE_ROW] },
    see(x, ledger) {
      const endpoint = x.endpoint?.id;
      if ((endpoint !== WITH_DATA_ROW && endpoint !== CHANGE_ROW) || !answeredOnItsInput(x)) return;
      const body = writeBodyOf(x);
      if (body.kind === 'none') {
        // "body required" (endpoint table): PROJ-85 for the creation, PROJ-104 for the change.
        bodyRequired(x, ledger, endpoint === WITH_DATA_ROW ? 'PROJ-85' : 'PROJ-104');
        return;
      }
      const reading = projectWriteReadingOf(x);
      if (reading === undefined) return;
      if (reading.verdict === 'invalid') refused(x, ledger, reading, endpoint === WITH_DATA_ROW);
      else if (reading.verdict === 'valid') valid.see(x, ledger, reading, endpoint);
    },
    end(ledger) {
      valid.end(ledger);
    },
  };
}

/** Its message made in a function of its own, so that `see` makes no closure context at every write. */
function bodyRequired(x: ExchangeView, ledger: Ledger, rule: string): void {
  ledger.judge(rule, x, !succeeded(x), () => `${requestLabel(x)} without a body ${answered(x)}: the body is required`);
}

function refused(x: ExchangeView, ledger: Ledger, reading: WriteReading, withData: boolean): void {
  const firstFinding = new Map<string, string>();
  for (const finding of reading.findings) for (const rule of finding.rules) if (!firstFinding.has(rule)) firstFinding.set(rule, finding.what);
  // "Unknown fields, wrong types and invalid values give 422."
  for (const [rule, what] of firstFinding) ledger.judge(rule, x, refusedAsValidation(x), () => `${requestLabel(x)} with ${what} ${answered(x)}, not 422 validation`);
  const data = reading.findings.find((f) => f.inData);
  // "validates the preset data before creation": invalid data creates nothing.
  if (withData && data) ledger.judge('PROJ-86', x, !succeeded(x), () => `${requestLabel(x)} with ${data.what} ${answered(x)}: invalid preset data created a project`);
  const noEnvelope = reading.findings.find((f) => f.rules.includes('PROJ-9'));
  // PATCH "body required: envelope with project fields"
  if (!withData && noEnvelope) ledger.judge('PROJ-104', x, !succeeded(x), () => `${requestLabel(x)} with ${noEnvelope.what} ${answered(x)}: the envelope is required`);
}
