/**
 * The project as creation and detail answers show it: "Project header in responses
 * (`projektHeader`): `key` (string), `link` (full URL ...), `id` (number), `status` (number).
 * `projektData` holds the project fields", scalars only; the detail "omits internal settings,
 * passwords and owner data". Further members are allowed (FREE-PROJ-2, 3, 4).
 */
import { z } from 'zod';
import { absoluteUrlSchema } from '../../../spec/contract/common.js';
import { FORBIDDEN_DETAIL_KEY_PATTERN, forbiddenDetailKeys, projektHeaderSchema, RELEASED_PROJECT_FIELDS } from '../../../spec/contract/projects.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { plainOrigin } from '../../judge/plain-urls.js';
import { issues } from './answers-creation.js';
import { shown } from './field-table.js';
import { CREATION_ROWS, DETAIL_ROW, isCreation, isDetailRead } from './sequence-own-projects.js';
import { answerBodyWhole, succeeded } from './write-outcome.js';

/** PROJ-96's members: the header with the project's key, and the data. */
const detailMembersSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string() }), projektData: z.looseObject({}) });

/** Of a JSON value: what a zod object takes. */
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
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
      if (!isObject(body)) return;
      const header = body.projektHeader;
      // A missing header is the answer's members' (PROJ-73, PROJ-84, PROJ-96), as the kit charges it.
      if (header !== undefined) {
        const parsed = projektHeaderSchema.safeParse(header);
        ledger.judge('PROJ-70', x, parsed.success, () => `projektHeader of ${label} breaks the header: ${issues(parsed.error)}`);
      }
      const link = (header as { link?: unknown } | undefined)?.link;
      // "full URL to the project's report page under {site_url}": the site is not known, so the form only.
      if (typeof link === 'string') ledger.judge('PROJ-71', x, isFullUrl(link), () => `projektHeader.link of ${label} is ${shown(link)}, no full URL`);
      scalars(x, ledger, label, body.projektData);
    },
  };
}

/** "Only scalar values are allowed": the released fields of `projektData` (others are FREE-PROJ-4's). */
function scalars(x: ExchangeView, ledger: Ledger, label: string, data: unknown): void {
  if (!isObject(data)) return;
  const notScalar = RELEASED_PROJECT_FIELDS.filter((field) => field in data && !isScalar(data[field]));
  ledger.judge('PROJ-88', x, notScalar.length === 0, () => `projektData of ${label} holds ${notScalar.slice(0, 3).join(', ')} as no scalar`);
}

/** The header with its key when the detail has PROJ-96's members (what `detailMembersSchema` takes of JSON). */
function detailHeader(body: unknown): { key: string } | undefined {
  if (!isObject(body) || !isObject(body.projektHeader) || !isObject(body.projektData)) return undefined;
  const header = body.projektHeader;
  return typeof header.key === 'string' ? { key: header.key } : undefined;
}

/**
 * The forbidden keys of the detail. A key is spelt in the text as it reads unless a `\u` escape
 * spells it: a text without such an escape and without the pattern anywhere has none, unwalked.
 */
function forbiddenKeys(x: ExchangeView, body: unknown): string[] {
  const text = x.exchange.response.bodyText ?? '';
  return text.includes('\\u') || FORBIDDEN_DETAIL_KEY_PATTERN.test(text) ? forbiddenDetailKeys(body) : [];
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
