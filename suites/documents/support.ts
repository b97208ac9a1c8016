/**
 * Helpers of the documents suite ("Resources and their fields > PDF response" and "> Picture list
 * entry", endpoint rules 6 and 7): the PDF and picture requests, shared answers, and the fetching
 * of signed links.
 *
 * Every `GET .../pdf` stores a document on the target (endpoint rule 6), and all checks of this
 * file run as the primary customer against the profile's projects, sharing that customer's budget
 * of 2 requests per second. So the few PDF answers several checks inspect are requested once per
 * file (`sharedPdf`) and handed to every check that needs them, with the exchange attached to each.
 *
 * Signed links point at the site (`{site_url}`), not at the API: they are fetched with plain
 * `fetch`, without a token and without pacing (they are no API calls).
 */
import { expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { Profile } from '../../fixtures/profile.schema.js';
import { pdfResponseSchema, picturesResponseSchema, type PdfResponse, type Picture } from '../contract/documents.js';
import type { CheckContext } from '../harness/check.js';
import type { ApiResponse } from '../harness/client.js';
import { redactHeaders, type Exchange } from '../harness/exchange.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';

export const WRITES = { writes: true } as const;

type Need = (p: Profile) => string | undefined;

export const needsCalculable: Need = (p) => (p.resources?.primaryProjectKeys?.calculable ? undefined : 'resources.primaryProjectKeys.calculable');
export const needsPictures: Need = (p) => (p.resources?.primaryProjectKeys?.withPictures ? undefined : 'resources.primaryProjectKeys.withPictures');
export const needsOutsideRadius: Need = (p) => (p.resources?.primaryProjectKeys?.outsideRadius ? undefined : 'resources.primaryProjectKeys.outsideRadius');
export const needsForeignProject: Need = (p) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');
export const needsExpiredProject: Need = (p) =>
  !p.customers.expiredUnlocked ? 'customers.expiredUnlocked' : p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey';
export const needsLocked: Need = (p) => (p.customers.locked ? undefined : 'customers.locked');
export const needsNoHeatpumpRight: Need = (p) =>
  !p.customers.noHeatpumpRight ? 'customers.noHeatpumpRight' : p.resources?.postalCodes?.valid[0] ? undefined : 'resources.postalCodes.valid (to create a project of customers.noHeatpumpRight)';

export function needsAll(...needs: Need[]): Need {
  return (p) => needs.map((need) => need(p)).find((reason) => reason !== undefined);
}

export const pdfPath = (key: string, query = '') => `/reports/${encodeURIComponent(key)}/pdf${query}`;
export const picturesPath = (key: string) => `/reports/${encodeURIComponent(key)}/pictures`;

/** Nine random lowercase letters: a well-formed key that (with overwhelming probability) never existed. */
export function neverExistingKey(): string {
  let key = '';
  for (let i = 0; i < 9; i++) key += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return key;
}

// -------------------------------------------------------------------------------------------------
// Shared answers (one request per file, inspected by several checks)
// -------------------------------------------------------------------------------------------------

const shared = new Map<string, Promise<ApiResponse>>();

/**
 * One answer shared by the checks of this file: the first check that asks sends the request as
 * the primary customer, later ones get the same answer. Each check gets the exchange attached.
 */
async function sharedAnswer(t: CheckContext, name: string, path: string): Promise<ApiResponse> {
  let answer = shared.get(name);
  const first = answer === undefined;
  if (!answer) {
    answer = t.as('primary').get(path);
    shared.set(name, answer);
    answer.catch(() => shared.delete(name));
  }
  const res = await answer;
  if (!first) t.record(res.exchange);
  return res;
}

/** `GET .../pdf` of the calculable project: `type` undefined sends no query (the default). */
export function sharedPdf(t: CheckContext, type?: string): Promise<ApiResponse> {
  const key = t.profile.resources?.primaryProjectKeys?.calculable as string;
  return sharedAnswer(t, `pdf:${type ?? '(default)'}`, pdfPath(key, type === undefined ? '' : `?type=${encodeURIComponent(type)}`));
}

/** A PDF answer that must be a success: 200 and the contract (JSON with linkToDocument and file.url). */
export function expectPdfResponse(res: ApiResponse): PdfResponse {
  expectStatus(res, 200);
  expect(res.headers['content-type'] ?? '', `the PDF response must be JSON, not a PDF stream; ${res.exchange.request.url}`).toMatch(/^application\/json\b/i);
  return expectSchema(res, pdfResponseSchema, 'PDF response');
}

export async function sharedPictures(t: CheckContext): Promise<{ res: ApiResponse; pictures: Picture[] }> {
  const key = t.profile.resources?.primaryProjectKeys?.withPictures as string;
  const res = await sharedAnswer(t, 'pictures', picturesPath(key));
  expectStatus(res, 200);
  return { res, pictures: expectSchema(res, picturesResponseSchema, 'picture list').pictures };
}

// -------------------------------------------------------------------------------------------------
// Site links
// -------------------------------------------------------------------------------------------------

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  bytes: Buffer;
}

const TEXTUAL = /^(?:text\/|application\/(?:json|xml|xhtml))/i;

/** GET of a site link without token (the signature is the credential); recorded as an exchange of the check. */
export async function fetchLink(t: CheckContext, url: string): Promise<Fetched> {
  const exchange: Exchange = { customer: 'site link (no token)', request: { method: 'GET', url, headers: {} }, sentAt: performance.now(), receivedAt: 0 };
  try {
    const res = await fetch(url, { redirect: 'manual' });
    const bytes = Buffer.from(await res.arrayBuffer());
    exchange.receivedAt = performance.now();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name] = value));
    const contentType = res.headers.get('content-type') ?? '';
    exchange.response = {
      status: res.status,
      headers: redactHeaders(headers),
      body: TEXTUAL.test(contentType) ? bytes.toString('utf8') : `(${bytes.length} bytes of ${contentType || 'unknown type'}, starting ${JSON.stringify(bytes.subarray(0, 16).toString('latin1'))})`,
    };
    return { url, status: res.status, contentType, bytes };
  } catch (err) {
    exchange.receivedAt = performance.now();
    exchange.error = err instanceof Error ? err.message : String(err);
    throw new Error(`expected the link ${url} to be reachable, fetching it failed: ${exchange.error}`, { cause: err });
  } finally {
    t.record(exchange);
  }
}

/** A fetched PDF must answer 200, start with `%PDF-` and parse; returns the parsed document. */
export async function expectPdfFile(file: Fetched): Promise<PDFDocument> {
  expect(file.status, `the document link must answer 200: ${file.url}`).toBe(200);
  expect(file.bytes.subarray(0, 5).toString('latin1'), `the document at ${file.url} must be a PDF (bytes start with %PDF-)`).toBe('%PDF-');
  try {
    return await PDFDocument.load(file.bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (err) {
    expect.fail(`expected the document at ${file.url} to parse as a PDF: ${(err as Error).message}`);
  }
}

/**
 * Variants of a signed link with one character of one query parameter changed, one per parameter
 * (the signature and the expiry among them, whatever their names). The first character is changed:
 * a changed last character of base64 text may only touch padding bits, a changed first digit moves
 * an expiry far into the future. Empty when the link has no query parameters.
 */
export function tamperedVariants(link: string): { what: string; url: string }[] {
  const url = new URL(link);
  const variants: { what: string; url: string }[] = [];
  const entries = [...url.searchParams.entries()];
  entries.forEach(([name, value], index) => {
    if (value === '') return;
    const changed = new URL(link);
    const params = new URLSearchParams();
    entries.forEach(([n, v], i) => params.append(n, i === index ? changeFirst(v) : v));
    changed.search = params.toString();
    variants.push({ what: `query parameter "${name}" with its first character changed`, url: changed.toString() });
  });
  return variants;
}

function changeFirst(value: string): string {
  const c = value.charAt(0);
  let replacement: string;
  if (/[0-8]/.test(c)) replacement = String(Number(c) + 1);
  else if (c === '9') replacement = '1';
  else if (/[a-yA-Y]/.test(c)) replacement = String.fromCharCode(c.charCodeAt(0) + 1);
  else if (c === 'z' || c === 'Z') replacement = c === 'z' ? 'a' : 'A';
  else replacement = 'A';
  return replacement + value.slice(1);
}

/**
 * "may be relative and then resolves against the server origin, not against the `/api/v2` path":
 * the origin of the API base URL plus '/', as the base of the resolution.
 */
export function resolvePictureUrl(url: string, baseUrl: string): string {
  return new URL(url, `${new URL(baseUrl).origin}/`).toString();
}

/** Title (digits removed, they may carry a date) and page count: what tells a service document from a check. */
export function fingerprint(doc: PDFDocument): string {
  return `title "${(doc.getTitle() ?? '').replace(/\d+/g, '#')}", ${doc.getPageCount()} pages`;
}
