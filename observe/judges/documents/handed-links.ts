import { ENDPOINTS, type EndpointId } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';
import { followsClosely } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { plainPathname } from '../../judge/plain-urls.js';
import { projectKeyOf, shown } from '../results/results-read.js';
import { hasScheme, isPdfRead, isPicturesRead, isSuccess, urlKey } from './document-reads.js';
import { isPlainObject } from '../../json-value.js';

/** A link an answer handed out, as its later fetches are judged. */
interface Handed {
  kind: 'document-file' | 'document-page' | 'picture';
  /** The pdf or picture list answer that handed it out. */
  from: ExchangeView;
  /** A picture `url` given relative, resolved against the server origin. */
  relative: boolean;
  /** The next pdf answer of the same project, which must not take this document away. */
  supersededBy?: ExchangeView;
  /** A fetch served it before that next call. */
  servedBefore: boolean;
}

interface DocumentCall {
  x: ExchangeView;
  fileUrl: string;
}

/**
 * A link may point anywhere, under the API or outside it: every GET, of a row or of none, may
 * fetch one. A 429 neither hands links out nor is answered on its merits.
 */
const GET_ROWS: readonly EndpointId[] = ENDPOINTS.filter((e) => e.method === 'GET').map((e) => e.id);

const MAX_LINKS = 4096;
const MAX_PROJECTS = 512;
const CALLS_PER_PROJECT = 8;

/**
 * The links handed out by URL, and their paths, each written with its link: every link kept has
 * its path kept, so a request whose path no link has fetches none, known without parsing its URL.
 */
class HandedLinks {
  readonly #byUrl = new BoundedMap<string, Handed>(MAX_LINKS);
  readonly #pathnames = new BoundedMap<string, true>(MAX_LINKS);

  get(key: string): Handed | undefined {
    return this.#byUrl.get(key);
  }

  set(link: { key: string; pathname: string }, handed: Handed): void {
    this.#byUrl.set(link.key, handed);
    this.#pathnames.set(link.pathname, true);
  }

  /** The link the request fetches, if it fetches one. */
  fetchedBy(x: ExchangeView): Handed | undefined {
    if (this.#byUrl.size === 0) return undefined;
    const pathname = plainPathname(x);
    if (pathname !== undefined && this.#pathnames.get(pathname) === undefined) return undefined;
    const link = urlKey(x.exchange.request.url);
    return link === undefined ? undefined : this.#byUrl.get(link.key);
  }
}

/**
 * Links handed out and their fetches (DOC-10, DOC-17, DOC-23, DOC-26). Fetches carry no token (the
 * signature is the credential), so a fetch is matched by its URL to a link any earlier answer
 * handed out, whoever asked for it. Lifetimes are the target's (FREE-DOC-4): a fetch judges
 * retrieval only within the horizon after the answer that handed the link out.
 */
export function handedLinksJudge(): Judge {
  const links = new HandedLinks();
  const documents = new BoundedMap<string, DocumentCall[]>(MAX_PROJECTS);
  return {
    rules: ['DOC-10', 'DOC-17', 'DOC-23', 'DOC-26'],
    reads: { endpoints: GET_ROWS, unmatched: true },
    see(x, ledger) {
      if (x.method !== 'GET') return;
      if (isPdfRead(x)) handedDocument(x, ledger, links, documents);
      else if (isPicturesRead(x)) handedPictures(x, links);
      else {
        const handed = links.fetchedBy(x);
        if (handed && answeredOnItsMerits(x) && x.status !== 304) fetched(x, ledger, handed);
      }
    },
  };
}

function handedDocument(x: ExchangeView, ledger: Ledger, links: HandedLinks, documents: BoundedMap<string, DocumentCall[]>): void {
  const body = x.status === 200 ? x.responseJson : undefined;
  const project = projectKeyOf(x);
  if (!isPlainObject(body) || project === undefined) return;
  const file = isPlainObject(body.file) ? body.file : {};
  const fileLink = typeof file.url === 'string' ? urlKey(file.url) : undefined;
  for (const page of [body.linkToDocument, file.viewerUrl]) {
    const pageLink = typeof page === 'string' && hasScheme(page) ? urlKey(page) : undefined;
    if (pageLink !== undefined && pageLink.key !== fileLink?.key && links.get(pageLink.key) === undefined) links.set(pageLink, { kind: 'document-page', from: x, relative: false, servedBefore: false });
  }
  if (fileLink === undefined || !hasScheme(file.url as string)) return;
  const fileUrl = fileLink.key;
  // A link handed out again (DOC-10 fails that below) keeps what its first answer and fetches showed.
  if (links.get(fileUrl) === undefined) links.set(fileLink, { kind: 'document-file', from: x, relative: false, servedBefore: false });

  // "generates and stores a document on every call": two calls, two documents, two links. The same exchange recorded twice is one call.
  const earlier = (documents.get(project) ?? []).filter((c) => c.x.exchange.startedAt !== x.exchange.startedAt);
  if (earlier.length > 0) {
    const repeated = earlier.find((c) => c.fileUrl === fileUrl);
    ledger.judge('DOC-10', x, repeated === undefined, () => `two pdf calls of the project answered the same file.url ${shown(fileUrl, 100)}: no new document was stored`, repeated ? [repeated.x] : []);
  }
  for (const call of earlier) {
    const handed = links.get(call.fileUrl);
    if (handed && handed.supersededBy === undefined && latestAnswer(call.x) <= earliestSend(x)) handed.supersededBy = x;
  }
  documents.set(project, [...earlier, { x, fileUrl }].slice(-CALLS_PER_PROJECT));
}

function handedPictures(x: ExchangeView, links: HandedLinks): void {
  const body = x.status === 200 ? x.responseJson : undefined;
  if (!isPlainObject(body) || !Array.isArray(body.pictures)) return;
  // "may be relative and then resolves against the server origin, not against the `/api/v2` path"
  const origin = urlKey('/', x.exchange.request.url)?.key;
  if (origin === undefined) return;
  for (const picture of body.pictures) {
    const url = isPlainObject(picture) ? picture.url : undefined;
    const link = typeof url === 'string' && url !== '' ? urlKey(url, origin) : undefined;
    if (link !== undefined) links.set(link, { kind: 'picture', from: x, relative: !hasScheme(url as string), servedBefore: false });
  }
}

function fetched(x: ExchangeView, ledger: Ledger, handed: Handed): void {
  const served = isSuccess(x.status);
  const soon = followsClosely(handed.from, x);
  const proof = [handed.from];
  switch (handed.kind) {
    case 'document-file': {
      const pdf = startsAsPdf(x);
      // "PDF links must be retrievable (the file URL answers with a document)"
      if (soon) ledger.judge('DOC-23', x, served && pdf !== false, () => (served ? 'file.url served something that is not a PDF' : `file.url answered ${x.status} soon after the pdf answer handed it out`), proof);
      const after = handed.supersededBy !== undefined && earliestSend(x) >= latestAnswer(handed.supersededBy);
      // Both documents "retrievable after the second call"; a link never seen serving is DOC-23's.
      if (soon && after && (served || handed.servedBefore)) {
        ledger.judge('DOC-10', x, served, () => `file.url of a document answered ${x.status} after the next pdf call of the project, though it served before`, [handed.supersededBy as ExchangeView, handed.from]);
      }
      if (served && !after) handed.servedBefore = true;
      break;
    }
    case 'document-page':
      if (soon) ledger.judge('DOC-23', x, served, () => `a document link of the pdf answer answered ${x.status} soon after it was handed out`, proof);
      break;
    case 'picture': {
      const type = (x.responseHeader('content-type') ?? '').trim();
      // The spec names no content type: a picture comes as an image type or as plain bytes.
      const picture = served && /^(?:image\/|application\/octet-stream\b)/i.test(type) && notEmpty(x) !== false;
      if (handed.relative && soon) ledger.judge('DOC-17', x, picture, () => `the relative picture url, resolved against the server origin, answered ${x.status} ${type.slice(0, 40)}, not the picture`, proof);
      // "confidential": no shared cache may keep the answer (RFC 9111 private, no-store).
      if (served) {
        const cacheControl = x.responseHeader('cache-control') ?? '';
        const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim().split('=')[0]);
        ledger.judge('DOC-26', x, directives.some((d) => d === 'private' || d === 'no-store'), () => `a picture link answered Cache-Control ${JSON.stringify(cacheControl.slice(0, 60)) || '(none)'}: a shared cache may keep it`, proof);
      }
      break;
    }
  }
}

/**
 * Whether the body starts as a PDF does (`%PDF-`); undefined unless the recording holds its bytes
 * (a recorder may keep a binary body as text, cut, or as a note of its size).
 */
function startsAsPdf(x: ExchangeView): boolean | undefined {
  const { bodyBinary, bodyText } = x.exchange.response;
  if (bodyBinary) return bodyBinary.subarray(0, 5).toString('latin1') === '%PDF-';
  return bodyText?.startsWith('%PDF-') ? true : undefined;
}

/** Whether the answer carried bytes; undefined when the recording cannot tell (an empty text may be a body left out). */
function notEmpty(x: ExchangeView): boolean | undefined {
  const { bodyBinary, bodyText, bodySize } = x.exchange.response;
  if (bodyBinary) return bodyBinary.length > 0;
  if (bodyText) return true;
  return bodyText === '' && bodySize === 0 ? false : undefined;
}
