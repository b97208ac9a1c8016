/**
 * The project as creation and detail answers show it: "Project header in responses
 * (`projektHeader`): `key` (string), `link` (full URL ...), `id` (number), `status` (number).
 * `projektData` holds the project fields", scalars only; the detail "omits internal settings,
 * passwords and owner data". Further members are allowed (FREE-PROJ-2, 3, 4).
 */
import { z } from 'zod';
import { absoluteUrlSchema, PROJECT_KEY_PATTERN } from '../../../spec/contract/common.js';
import { FORBIDDEN_DETAIL_KEY_PATTERN, forbiddenDetailKeys, projektHeaderSchema, RELEASED_PROJECT_FIELDS } from '../../../spec/contract/projects.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { plainOrigin } from '../../judge/plain-urls.js';
import { issues } from './answers-creation.js';
import { shown } from './field-table.js';
import { CREATION_ROWS, DETAIL_ROW } from './project-rows.js';
import { isCreation, isDetailRead } from './sequence-own-projects.js';
import { answerBodyWhole, succeeded } from './write-outcome.js';
import { isPlainObject } from '../../json-value.js';

/** PROJ-96's members: the header with the project's key, and the data. */
const detailMembersSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string() }), projektData: z.looseObject({}) });

/** Of a JSON value: what `jsonScalarSchema` takes. */
const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/**
 * What `absoluteUrlSchema` takes: an http(s) URL whose text shows its scheme and host (`plainOrigin`)
 * parses as one, known without parsing it, as nearly every link reads.
 */
const isFullUrl = (link: string) => plainOrigin(link) !== undefined || absoluteUrlSchema.safeParse(link).success;


export function projectAnswerJudge(): Judge {
  return {
    rules: ['PROJ-70', 'PROJ-71', 'PROJ-88', 'PROJ-96', 'PROJ-97'],
    // The success answers that show a project.
    reads: { endpoints: [...CREATION_ROWS, DETAIL_ROW] },
    see(x, ledger) {
      if (!(isCreation(x) || isDetailRead(x)) || !succeeded(x) || !answerBodyWhole(x)) return;
      const label = isDetailRead(x) ? 'the project detail' : `the ${x.endpoint?.path === '/reports' ? 'POST /reports' : 'POST /reports/with-data'} answer`;
      const body = x.responseJson;
      if (isDetailRead(x)) detail(x, ledger, body);
      if (!isPlainObject(body)) return;
      const header = body.projektHeader;
      // A missing header is the answer's members' (PROJ-73, PROJ-84, PROJ-96), as the kit charges it.
      if (header !== undefined) judgeHeader(x, ledger, label, header);
      const link = (header as { link?: unknown } | undefined)?.link;
      if (typeof link === 'string') judgeLink(x, ledger, label, link);
      scalars(x, ledger, label, body.projektData);
    },
  };
}

/**
 * What `projektHeaderSchema` takes, known without its parse (which copies the loose object): nearly
 * every header passes, and only the others are asked of the schema, for its verdict and issues.
 */
function headerHolds(header: unknown): boolean {
  if (!isPlainObject(header)) return false;
  const { key, link, id, status } = header;
  // z.number() takes finite numbers alone.
  return typeof key === 'string' && PROJECT_KEY_PATTERN.test(key) && typeof link === 'string' && Number.isFinite(id) && Number.isFinite(status);
}

/** PROJ-70; its message made in a function of its own, so that `see` makes no closure context. */
function judgeHeader(x: ExchangeView, ledger: Ledger, label: string, header: unknown): void {
  if (headerHolds(header)) {
    ledger.held('PROJ-70', x);
    return;
  }
  const parsed = projektHeaderSchema.safeParse(header);
  ledger.judge('PROJ-70', x, parsed.success, () => `projektHeader of ${label} breaks the header: ${issues(parsed.error)}`);
}

/** PROJ-71, "full URL to the project's report page under {site_url}": the site is not known, so the form only. */
function judgeLink(x: ExchangeView, ledger: Ledger, label: string, link: string): void {
  ledger.judge('PROJ-71', x, isFullUrl(link), () => `projektHeader.link of ${label} is ${shown(link)}, no full URL`);
}

/** "Only scalar values are allowed": the released fields of `projektData` (others are FREE-PROJ-4's). */
function scalars(x: ExchangeView, ledger: Ledger, label: string, data: unknown): void {
  if (!isPlainObject(data)) return;
  const notScalar = notScalarFields(data);
  ledger.judge('PROJ-88', x, notScalar.length === 0, () => `projektData of ${label} holds ${notScalar.slice(0, 3).join(', ')} as no scalar`);
}

/** Nothing found, as most answers come: one array for all of them. */
const NONE: readonly never[] = Object.freeze([]);

/** The released fields `data` holds as no scalar, in the table's order. */
function notScalarFields(data: Record<string, unknown>): readonly string[] {
  let found: string[] | undefined;
  for (const field of RELEASED_PROJECT_FIELDS) if (field in data && !isScalar(data[field])) (found ??= []).push(field);
  return found ?? NONE;
}

/** The header with its key when the detail has PROJ-96's members (what `detailMembersSchema` takes of JSON). */
function detailHeader(body: unknown): { key: string } | undefined {
  if (!isPlainObject(body) || !isPlainObject(body.projektHeader) || !isPlainObject(body.projektData)) return undefined;
  const header = body.projektHeader;
  return typeof header.key === 'string' ? { key: header.key } : undefined;
}

/**
 * Member names a detail carries, as the spec names them, that the pattern does not match: each one
 * met is passed over without testing it (the pattern tests every other name).
 */
const HARMLESS_NAMES: ReadonlySet<string> = new Set(
  [...RELEASED_PROJECT_FIELDS, 'status', 'action', 'projektHeader', 'projektData', 'key', 'link', 'id'].filter((name) => !FORBIDDEN_DETAIL_KEY_PATTERN.test(name)),
);

/** Deeper members are left to the text's test: a walk that deep could exhaust the stack. */
const WALKED_DEPTH = 64;

/**
 * Whether a member name anywhere in `value` matches the pattern (what `forbiddenDetailKeys` finds,
 * known without building its paths); undefined when `value` nests deeper than `depth`.
 */
function holdsForbiddenKey(value: unknown, depth: number): boolean | undefined {
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return undefined;
  let deeper = false;
  for (const name in value) {
    if (!HARMLESS_NAMES.has(name) && FORBIDDEN_DETAIL_KEY_PATTERN.test(name)) return true;
    const below = holdsForbiddenKey((value as Record<string, unknown>)[name], depth - 1);
    if (below === true) return true;
    if (below === undefined) deeper = true;
  }
  return deeper ? undefined : false;
}

/**
 * A key is spelt in the text as it reads unless a `\u` escape spells it: a text without such an
 * escape and without the pattern anywhere has no forbidden key.
 */
function textMayHoldForbiddenKey(x: ExchangeView): boolean {
  const text = x.exchange.response.bodyText ?? '';
  return text.includes('\\u') || FORBIDDEN_DETAIL_KEY_PATTERN.test(text);
}

/** The forbidden keys of the detail: nearly every detail has none, and its names tell so more cheaply than the pattern run over its whole text. */
function forbiddenKeys(x: ExchangeView, body: unknown): readonly string[] {
  const holds = holdsForbiddenKey(body, WALKED_DEPTH);
  return holds === true || (holds === undefined && textMayHoldForbiddenKey(x)) ? forbiddenDetailKeys(body) : NONE;
}

function detail(x: ExchangeView, ledger: Ledger, body: unknown): void {
  const header = detailHeader(body);
  const asked = x.params.projectKey ?? '';
  // "released project data and header values", of the project asked for (a lookup may ignore case, FREE-PROJ-16).
  ledger.judge('PROJ-96', x, header !== undefined && header.key.toLowerCase() === asked.toLowerCase(), () =>
    header ? `the project detail names another project in projektHeader.key (${shown(header.key)})` : `the project detail lacks ${issues(detailMembersSchema.safeParse(body).error)}`,
  );
  if (body === undefined) return;
  const forbidden = forbiddenKeys(x, body);
  // "The detail response omits internal settings, passwords and owner data."
  ledger.judge('PROJ-97', x, forbidden.length === 0, () => `the project detail carries ${forbidden.slice(0, 3).join(', ')}`);
}
