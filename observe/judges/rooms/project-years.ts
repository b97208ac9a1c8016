import type { EndpointId } from '../../../spec/endpoints.js';
import { PROJECT_ENVELOPES, PROJECT_FIELD_RULES } from '../../../spec/contract/projects.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { IntervalLog, type Logged } from './interval-log.js';
import { isEmptyValue, spelledNumber } from './numeric-text.js';
import { isSuccess } from './room-answer.js';
import { projectOf, projectWrittenBy } from './room-route.js';
import { describeValue, writeBodyOf } from './write-body.js';
import { isPlainObject } from '../../json-value.js';
import { CHANGE_ROW, CREATION_ROWS, DETAIL_ROW, PASSWORD_ROW } from '../projects/project-rows.js';

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
  const creation = id !== undefined && CREATION_ROWS.includes(id);
  const key = id === DETAIL_ROW ? x.params.projectKey : creation ? (body.projektHeader as { key?: unknown } | undefined)?.key : undefined;
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

/** A write on a project's paths, as the log keeps it. */
export interface ProjectWrite {
  status: number;
  year: SentYear;
}

const PROJECTS_KEPT = 5_000;
/** The rows that tell or change a project's year: every other exchange is passed over at once. */
export const YEAR_ROWS: readonly EndpointId[] = [DETAIL_ROW, ...CREATION_ROWS, CHANGE_ROW, PASSWORD_ROW];
const YEAR_ENDPOINTS: ReadonlySet<EndpointId | undefined> = new Set(YEAR_ROWS);

/**
 * What the traffic tells of each project's `projektBaujahr`: the year it showed when last read, or
 * was written with (a year a PATCH sent and the target took), and the writes on its paths. Any other
 * write leaves the year unknown, a deletion too: a target that mishandles a project write (PROJ-39,
 * PROJ-102) must not be taken for a room copying the year wrongly.
 */
export class ProjectYears {
  /** A year told is compared only closely after it was told (`knownBefore`). */
  readonly #known = new BoundedMap<string, { year: Year; x: ExchangeView }>(PROJECTS_KEPT, SEQUENCE_HORIZON_MS);
  readonly #writes = new IntervalLog<ProjectWrite>(PROJECTS_KEPT);

  see(x: ExchangeView): void {
    const endpoint = x.endpoint?.id;
    if (endpoint === undefined || !YEAR_ENDPOINTS.has(endpoint)) return;
    const written = projectWrittenBy(x);
    if (written !== undefined) {
      const year = sentYear(x);
      this.#writes.add(written, x, { status: x.status, year });
      if (isSuccess(x) && x.method === 'PATCH' && year.kind === 'year' && year.year !== 'empty') this.#known.set(written, { year: year.year, x }, x.answeredAt);
      else this.#known.delete(written);
      return;
    }
    const shown = yearOfAnswer(x);
    if (!shown) return;
    if (shown.year === 'unreadable') this.#known.delete(shown.project);
    else this.#known.set(shown.project, { year: shown.year, x }, x.answeredAt);
  }

  /** The year known closely before `x` started, with the exchange that told it. */
  knownBefore(project: string, x: ExchangeView): { year: Year; x: ExchangeView } | undefined {
    const known = this.#known.get(project);
    return known && followsClosely(known.x, x) ? known : undefined;
  }

  /** Whether no write on the project but `told` may overlap the window from `told`'s send to `until`'s answer (undefined: the log forgot). */
  unwrittenSince(project: string, told: ExchangeView, until: ExchangeView): boolean {
    const writes = this.#writes.overlapping(project, told, until);
    return writes !== undefined && writes.every((w) => w.seq === told.seq);
  }

  /** The writes that sent the project a year and may overlap the window from `first`'s send to `last`'s answer (undefined: the log forgot). */
  yearWrites(project: string, first: ExchangeView, last: ExchangeView): Logged<ProjectWrite>[] | undefined {
    return this.#writes.overlapping(project, first, last)?.filter((w) => w.entry.year.kind !== 'none');
  }
}
