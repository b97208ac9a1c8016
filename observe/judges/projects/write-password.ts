/**
 * PUT /reports/{projectKey}/password: "`{newPassword: string, 12 to 256 characters, write only,
 * required}`; no other fields". What a character is the spec does not say (code unit, code point,
 * grapheme): a length is judged only where every count agrees on the side of a limit it lies.
 */
import { PASSWORD_LENGTH } from '../../../spec/contract/projects.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { shown, type Finding } from './field-table.js';
import { writeBodyOf } from './write-body.js';
import { answered, refusedAsValidation, requestLabel, succeeded } from './write-outcome.js';
import { PASSWORD_ROW } from './project-rows.js';

const readPasswordFact = fact(readPassword);

export interface PasswordReading {
  verdict: 'valid' | 'invalid' | 'doubtful';
  findings: Finding[];
  /** The password sent, when it is a string. */
  password?: string;
  /** Its length, when every count of characters gives the same. */
  length?: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
// eslint-disable-next-line no-control-regex -- control characters are what the pattern finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Printable ASCII: each character is one grapheme, one code point and one UTF-16 unit alike. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Shortest and longest count of characters the readings give: graphemes, code points, UTF-16 units. */
function lengths(password: string): { least: number; most: number } {
  if (PRINTABLE_ASCII.test(password)) return { least: password.length, most: password.length };
  return { least: [...graphemes.segment(password)].length, most: password.length };
}

/** A password body (the strictly parsed JSON) against the endpoint table's row. */
export function readPasswordBody(body: unknown): PasswordReading {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { verdict: 'doubtful', findings: [] };
  const record = body as Record<string, unknown>;
  const findings: Finding[] = [];
  const others = Object.keys(record).filter((name) => name !== 'newPassword');
  if (others.length > 0) findings.push({ rules: ['PROJ-113'], what: `the field ${shown(others[0])} besides newPassword`, inData: false });
  if (!Object.hasOwn(record, 'newPassword')) {
    findings.push({ rules: ['PROJ-111'], what: 'no newPassword', inData: false });
    return { verdict: 'invalid', findings };
  }
  const password = record.newPassword;
  if (typeof password !== 'string') {
    findings.push({ rules: ['PROJ-112'], what: `newPassword ${Array.isArray(password) ? 'an array' : typeof password === 'object' && password !== null ? 'an object' : shown(password)}, no string`, inData: false });
    return { verdict: 'invalid', findings };
  }
  const { least, most } = lengths(password);
  if (most < PASSWORD_LENGTH.min) findings.push({ rules: ['PROJ-109'], what: `a newPassword of ${most} characters`, inData: false });
  if (least > PASSWORD_LENGTH.max) findings.push({ rules: ['PROJ-110'], what: `a newPassword of ${least} characters`, inData: false });
  if (findings.length > 0) return { verdict: 'invalid', findings, password };
  const clear = least === most && !CONTROL.test(password);
  return clear ? { verdict: 'valid', findings, password, length: most } : { verdict: 'doubtful', findings, password };
}

function readPassword(x: ExchangeView): PasswordReading | undefined {
  const body = writeBodyOf(x);
  return body.kind === 'json' ? readPasswordBody(body.value) : undefined;
}

/** The reading of a password body that is plainly JSON (write-body.ts), once per exchange for the judges that ask it. */
export function passwordReadingOf(x: ExchangeView): PasswordReading | undefined {
  return x.derived(readPasswordFact);
}

export function passwordWriteJudge(): Judge {
  return {
    rules: ['PROJ-108', 'PROJ-109', 'PROJ-110', 'PROJ-111', 'PROJ-112', 'PROJ-113'],
    // The password bodies, answered on their input.
    reads: { endpoints: [PASSWORD_ROW] },
    see(x, ledger) {
      if (x.endpoint?.id !== PASSWORD_ROW || !answeredOnItsInput(x)) return;
      const reading = passwordReadingOf(x);
      if (reading === undefined) return;
      if (reading.verdict === 'invalid') {
        // "12 to 256 characters ... required ... no other fields"
        for (const finding of reading.findings) for (const rule of finding.rules) ledger.judge(rule, x, refusedAsValidation(x), () => `${requestLabel(x)} with ${finding.what} ${answered(x)}, not 422 validation`);
      } else if (reading.verdict === 'valid' && (reading.length === PASSWORD_LENGTH.min || reading.length === PASSWORD_LENGTH.max) && (succeeded(x) || x.status === 422)) {
        ledger.judge('PROJ-108', x, x.status !== 422, () => `${requestLabel(x)} with a newPassword of exactly ${reading.length} characters answered 422`);
      }
    },
  };
}
