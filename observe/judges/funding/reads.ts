import type { EndpointId } from '../../../spec/endpoints.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { followsClosely } from '../../judge/sequence-horizon.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

const identifiedFact = fact(identified);

/** The three funding reads of the endpoint table. */
export type FundingRead = 'customer-list' | 'project-list' | 'single';

const READS: Readonly<Partial<Record<EndpointId, FundingRead>>> = {
  'funding.list': 'customer-list',
  'funding.project-list': 'project-list',
  'funding.detail': 'single',
};

/** The rows of the three funding reads. */
export const FUNDING_READ_ROWS = Object.keys(READS) as readonly EndpointId[];
/** The rows of the two list reads. */
export const LIST_READ_ROWS: readonly EndpointId[] = FUNDING_READ_ROWS.filter((id) => READS[id] !== 'single');

export function fundingReadOf(x: ExchangeView): FundingRead | undefined {
  const id = x.endpoint?.id;
  return id === undefined ? undefined : READS[id];
}

/**
 * The applications a funding read answered with 200, as sent (the single answer's one, a list's
 * all); undefined when the answer shows none to judge: another status, no body recorded, or an
 * envelope without them (the envelope rules judge that).
 */
export function answeredApplications(x: ExchangeView): unknown[] | undefined {
  const read = fundingReadOf(x);
  if (read === undefined || x.status !== 200 || !x.responseBodyRecorded) return undefined;
  const body = x.responseJson;
  if (!isPlainObject(body)) return undefined;
  if (read === 'single') return isPlainObject(body.application) ? [body.application] : undefined;
  return Array.isArray(body.applications) ? body.applications : undefined;
}

/** The applications of an answer that are objects with a string id: those a sequence can follow (shared by the judges that ask: none may change it). */
export function identifiedApplications(x: ExchangeView): readonly JsonObject[] {
  return fundingReadOf(x) === undefined ? NONE : x.derived(identifiedFact);
}

const NONE: readonly JsonObject[] = Object.freeze([]);

function identified(x: ExchangeView): readonly JsonObject[] {
  return (answeredApplications(x) ?? []).filter((a): a is JsonObject => isPlainObject(a) && typeof a.applicationId === 'string');
}

/** A path parameter as the route decodes it; undefined when it does not decode. */
export function decodedParameter(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Two exchanges a sequence judge may compare: one answered before the other started, within the horizon. */
export const closeInSequence = (a: ExchangeView, b: ExchangeView): boolean => followsClosely(a, b) || followsClosely(b, a);

/** An id or key shortened for a message (values may be long; the message says what the answer did). */
export const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};
