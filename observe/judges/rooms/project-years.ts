import { PROJECT_ENVELOPES, PROJECT_FIELD_RULES } from '../../../spec/contract/projects.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { isEmptyValue, spelledNumber } from './numeric-text.js';
import { isSuccess } from './room-answer.js';
import { projectOf } from './room-route.js';
import { describeValue, isPlainObject, writeBodyOf } from './write-body.js';

/** A project's `projektBaujahr`: a year, or empty ("empty/null deletes"). */
export type Year = number | 'empty';

/** What a project write did to the year: nothing sent, a year the table calls valid, or something the judge cannot tell. */
export type SentYear = { kind: 'none' } | { kind: 'year'; year: Year } | { kind: 'unknown' };

const YEAR = PROJECT_FIELD_RULES.projektBaujahr;
const inRange = (n: number) => YEAR.kind === 'number' && Number.isInteger(n) && n >= YEAR.min && n <= YEAR.max;

/** The year a project write body sends in its envelope (`projectData` or `projektData`). */
export function sentYear(x: ExchangeView): SentYear {
  const body = writeBodyOf(x);
  if (!body) return { kind: 'unknown' };
  const value = body.value;
  if (!isPlainObject(value)) return { kind: 'none' };
  const envelopes = PROJECT_ENVELOPES.filter((name) => name in value);
  if (envelopes.length !== 1) return envelopes.length === 0 ? { kind: 'none' } : { kind: 'unknown' };
  const fields = value[envelopes[0] as string];
  if (!isPlainObject(fields) || !('projektBaujahr' in fields)) return { kind: 'none' };
  const year = fields.projektBaujahr;
  if (isEmptyValue(year)) return { kind: 'year', year: 'empty' };
  // "integer 1000 to 2100; numeric strings accepted": plain digits only, other spellings are the target's to read.
  const literal = typeof year === 'number' ? body.numberLiteral(fields, 'projektBaujahr') : year;
  if (typeof literal === 'string' && /^\d+$/.test(literal) && inRange(Number(literal))) return { kind: 'year', year: Number(literal) };
  return { kind: 'unknown' };
}

/** The year an answer shows (a detail or a creation answer), in any spelling (FREE-PROJ-5, FREE-PROJ-6); undefined when it shows none. */
export function shownYear(projektData: unknown): Year | 'unreadable' | undefined {
  if (!isPlainObject(projektData) || !('projektBaujahr' in projektData)) return undefined;
  const year = projektData.projektBaujahr;
  if (isEmptyValue(year)) return 'empty';
  return spelledNumber(year) ?? 'unreadable';
}

/**
 * The project and the year a successful detail or creation answer shows. A creation answer counts
 * only when it shows what its body sent (empty when it sent none): one that shows anything else
 * (PROJ-87) tells nothing of the stored year.
 */
export function yearOfAnswer(x: ExchangeView): { project: string; year: Year | 'unreadable' } | undefined {
  if (!isSuccess(x) || x.method === 'PATCH') return undefined;
  const body = x.responseJson;
  if (!isPlainObject(body)) return undefined;
  const id = x.endpoint?.id;
  const creation = id === 'reports.create' || id === 'reports.create-with-data';
  const key = id === 'reports.detail' ? x.params.projectKey : creation ? (body.projektHeader as { key?: unknown } | undefined)?.key : undefined;
  if (typeof key !== 'string') return undefined;
  const year = shownYear(body.projektData);
  if (year === undefined) return undefined;
  if (creation) {
    const sent = x.requestBody.kind === 'none' ? ({ kind: 'none' } as const) : sentYear(x);
    const agrees = sent.kind === 'none' ? year === 'empty' : sent.kind === 'year' && year === sent.year;
    if (!agrees) return { project: projectOf(key), year: 'unreadable' };
  }
  return { project: projectOf(key), year };
}

/** A returned `raumBaujahr` against a year. */
export function showsYear(value: unknown, year: Year): boolean {
  return year === 'empty' ? isEmptyValue(value) : spelledNumber(value) === year;
}

export function describeYear(year: Year): string {
  return year === 'empty' ? 'empty' : describeValue(year);
}
