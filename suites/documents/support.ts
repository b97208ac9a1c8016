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
import type { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import type { Profile } from '../../spec/profile.schema.js';
import { absoluteUrlSchema } from '../../spec/contract/common.js';
import type { CheckContext } from '../harness/check.js';
import { GatewayAnswered, type ApiResponse } from '../harness/client.js';
import { isGatewayAnswer, readPastGateway } from '../../harness-core/lost-reads.js';
import { redactHeaders, type Exchange } from '../harness/exchange.js';
import { readOnward } from '../harness/read-onward.js';

export const WRITES = { writes: true } as const;

type Need = (p: Profile) => string | undefined;

export const needsCalculable: Need = (p) => (p.resources?.primaryProjectKeys?.calculable ? undefined : 'resources.primaryProjectKeys.calculable');
export const needsPictures: Need = (p) => (p.resources?.primaryProjectKeys?.withPictures ? undefined : 'resources.primaryProjectKeys.withPictures');
export const needsOutsideRadius: Need = (p) => (p.resources?.primaryProjectKeys?.outsideRadius ? undefined : 'resources.primaryProjectKeys.outsideRadius');
export const needsForeignProject: Need = (p) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');
export const needsExpiredProject: Need = (p) =>
  !p.customers.expiredUnlocked ? 'customers.expiredUnlocked' : p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey';
export const needsLocked: Need = (p) => (p.customers.locked ? undefined : 'customers.locked');
/** Its calculable project, or a valid postal code to create one without data (`expectAuthorizationUnless` then). */
export const needsNoHeatpumpRight: Need = (p) =>
  !p.customers.noHeatpumpRight
    ? 'customers.noHeatpumpRight'
    : (p.resources?.noHeatpumpRightCalculableKey ?? p.resources?.postalCodes?.valid[0])
      ? undefined
      : 'resources.noHeatpumpRightCalculableKey (or resources.postalCodes.valid, to create a project of customers.noHeatpumpRight)';

export function needsAll(...needs: Need[]): Need {
  return (p) => needs.map((need) => need(p)).find((reason) => reason !== undefined);
}

export const pdfPath = (key: string, query = '') => `/reports/${encodeURIComponent(key)}/pdf${query}`;
export const picturesPath = (key: string) => `/reports/${encodeURIComponent(key)}/pictures`;

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

/** Who judges the answer of `sharedPdf(t, type)`: DOC-1 the default call, DOC-8 the calls with a type. */
export const pdfOwner = (type?: string) => (type === undefined ? 'DOC-1' : 'DOC-8');

/** The links of a PDF answer, read on the way to another rule (DOC-2 to DOC-4 judge them). */
const pdfLinks = z.looseObject({
  linkToDocument: absoluteUrlSchema,
  file: z.looseObject({ url: absoluteUrlSchema, viewerUrl: absoluteUrlSchema.optional() }),
});
export type PdfLinks = z.infer<typeof pdfLinks>;

export function readPdfLinks(res: ApiResponse, type?: string): PdfLinks {
  return readOnward(res, { status: 200, schema: pdfLinks, owner: `${pdfOwner(type)}, DOC-2, DOC-3 and DOC-4`, statusRule: pdfOwner(type), what: `the PDF answer (type ${type ?? 'not given'})` });
}

/** `file.url` of a PDF answer, read on the way to another rule (DOC-3 judges it). */
export function readFileUrl(res: ApiResponse, type?: string): string {
  const schema = z.looseObject({ file: z.looseObject({ url: absoluteUrlSchema }) });
  return readOnward(res, { status: 200, schema, owner: `${pdfOwner(type)} and DOC-3`, statusRule: pdfOwner(type), what: `the PDF answer (type ${type ?? 'not given'})` }).file.url;
}

/** The picture list of the project with pictures, shared by the checks of the file. */
export function sharedPictures(t: CheckContext): Promise<ApiResponse> {
  const key = t.profile.resources?.primaryProjectKeys?.withPictures as string;
  return sharedAnswer(t, 'pictures', picturesPath(key));
}

/** The `url` of every picture, read on the way to another rule (DOC-15 and DOC-16 judge the list). */
const pictureUrls = z.looseObject({ pictures: z.array(z.looseObject({ id: z.unknown(), url: z.string().min(1) })) });
export function readPictureUrls(res: ApiResponse): { id: unknown; url: string }[] {
  return readOnward(res, { status: 200, schema: pictureUrls, owner: 'DOC-15 and DOC-16', statusRule: 'DOC-15', what: 'the picture list' }).pictures;
}

/** The number of pictures in a list, read on the way to another rule (DOC-15 judges the list). */
export function readPictureCount(res: ApiResponse): number {
  return readOnward(res, { status: 200, schema: z.looseObject({ pictures: z.array(z.unknown()) }), owner: 'DOC-15', what: 'the picture list' }).pictures.length;
}

// -------------------------------------------------------------------------------------------------
// Site links
// -------------------------------------------------------------------------------------------------

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  /** Response headers, names in lowercase. */
  headers: Record<string, string>;
  bytes: Buffer;
}

const TEXTUAL = /^(?:text\/|application\/(?:json|xml|xhtml))/i;

/**
 * GET of a site link without token (the signature is the credential), each attempt recorded as an
 * exchange of the check. A read: sent again while a gateway answers in the target's place
 * (harness-core/lost-reads.ts), and the check inconclusive when only a gateway answered.
 */
export async function fetchLink(t: CheckContext, url: string): Promise<Fetched> {
  const { exchange, ...fetched } = await readPastGateway(() => fetchLinkOnce(t, url));
  if (isGatewayAnswer(fetched.status)) throw GatewayAnswered.to(exchange, true);
  return fetched;
}

async function fetchLinkOnce(t: CheckContext, url: string): Promise<Fetched & { exchange: Exchange }> {
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
    return { url, status: res.status, contentType, headers, bytes, exchange };
  } catch (err) {
    exchange.receivedAt = performance.now();
    exchange.error = err instanceof Error ? err.message : String(err);
    throw new Error(`expected the link ${url} to be reachable, fetching it failed: ${exchange.error}`, { cause: err });
  } finally {
    t.record(exchange);
  }
}

/** A fetched PDF must be served (2xx), start with `%PDF-` and parse; returns the parsed document. */
export async function expectPdfFile(file: Fetched): Promise<PDFDocument> {
  expect(served(file.status), `the document link must serve it (2xx), got ${file.status}: ${file.url}`).toBe(true);
  expect(file.bytes.subarray(0, 5).toString('latin1'), `the document at ${file.url} must be a PDF (bytes start with %PDF-)`).toBe('%PDF-');
  // Loaded on first use: pdf-lib is heavy to import, and every worker would pay for it at the run's start otherwise.
  const { PDFDocument: Pdf } = await import('pdf-lib');
  try {
    return await Pdf.load(file.bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (err) {
    expect.fail(`expected the document at ${file.url} to parse as a PDF: ${(err as Error).message}`);
  }
}

/**
 * A signed link as the target handed it out, named by where it came from (`file.url`, `picture p1
 * url`), with the file it serves as the answer says: the links of one PDF answer serve one document
 * (its file, viewer, document page), each picture of the list is its own file.
 */
export interface SignedLink {
  names: string[];
  url: string;
  file: string;
}

/** Links of one file by name, those with the same URL merged (linkToDocument often equals file.url). */
export function distinctLinks(file: string, named: readonly [name: string, url: string][]): SignedLink[] {
  const byUrl = new Map<string, SignedLink>();
  for (const [name, url] of named) {
    const link = byUrl.get(url);
    if (link) link.names.push(name);
    else byUrl.set(url, { names: [name], url, file });
  }
  return [...byUrl.values()];
}

/** The signed links of a PDF answer, one file. */
export function pdfLinksOf(file: string, links: PdfLinks): SignedLink[] {
  const named: [string, string][] = [
    [`linkToDocument (${file})`, links.linkToDocument],
    [`file.url (${file})`, links.file.url],
  ];
  if (links.file.viewerUrl !== undefined) named.push([`file.viewerUrl (${file})`, links.file.viewerUrl]);
  return distinctLinks(file, named);
}

export interface Tampered {
  what: string;
  url: string;
}

/**
 * Variants of a signed link with one query parameter changed, one variant per parameter: the
 * signature and the expiry are among them, whatever their names. A value of digits only becomes
 * a larger number (its first digit raised, or a 1 put in front of a leading 9): were it the expiry,
 * the link would now expire later, which a target that does not sign its expiry would serve.
 * Other values get their first character changed (a changed last character of base64 text may
 * only touch padding bits). Empty when the link has no query parameters.
 */
export function tamperedVariants(link: SignedLink): Tampered[] {
  const url = new URL(link.url);
  const entries = [...url.searchParams.entries()];
  return entries.flatMap(([name, value], index) => {
    if (value === '') return [];
    const changed = new URL(link.url);
    const params = new URLSearchParams();
    entries.forEach(([n, v], i) => params.append(n, i === index ? alter(v) : v));
    changed.search = params.toString();
    const how = /^\d+$/.test(value) ? 'raised to a later number' : 'with its first character changed';
    return [{ what: `${link.names.join(' = ')} with query parameter "${name}" ${how}`, url: changed.toString() }];
  });
}

/**
 * Each link with the query of the next link (in a ring) that serves another file: the signature and
 * expiry of one file put on another. A signature that does not bind the file it was made for would
 * serve it; when two files carry the same query, it binds nothing of the file. Links of the same file
 * are not swapped: "Links are signed and time limited" leaves open whether a document's file and
 * viewer links carry one signature (bound to the document) or one each (bound to the link).
 */
export function swappedVariants(links: readonly SignedLink[]): Tampered[] {
  const signed = links.filter((l) => new URL(l.url).search !== '');
  return signed.flatMap((link, i) => {
    const other = signed.slice(i + 1).concat(signed.slice(0, i)).find((o) => o.file !== link.file && new URL(o.url).pathname !== new URL(link.url).pathname);
    if (!other) return [];
    const swapped = new URL(link.url);
    swapped.search = new URL(other.url).search;
    return [{ what: `${link.names.join(' = ')} carrying the query (signature and expiry) of ${other.names.join(' = ')}`, url: swapped.toString() }];
  });
}

/** A fetched link that answers 2xx served what it points at. */
export const served = (status: number) => status >= 200 && status < 300;

function alter(value: string): string {
  if (/^\d+$/.test(value)) return value.startsWith('9') ? `1${value}` : `${Number(value.charAt(0)) + 1}${value.slice(1)}`;
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
