import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { withoutCredentials } from '../customer-hash.js';
import type { ExchangeTimings, HeaderField, ObservedExchange, ObservedRequest, ObservedResponse } from '../exchange.js';
import { bodyFields } from '../recorded-body.js';
import { DEFAULT_MAX_ENTRY_BYTES } from './har-entries.js';
import type { HarEntry } from './har-schema.js';

/** A validated HAR entry as the judge reads exchanges; its tokens already replaced by their hash. */
export function exchangeFromEntry(source: string, index: number, entry: HarEntry): ObservedExchange {
  const { request, response, timings } = entry;
  const postData = request.postData;
  // Field by field rather than with spreads, as every entry passes here; in the order an exchange log written from them shows.
  const observedRequest: ObservedRequest = { method: request.method, url: request.url, httpVersion: request.httpVersion, headers: withoutPseudoHeaders(request.headers) };
  if (postData) {
    if (postData._file !== undefined) setAttached(observedRequest, source, postData._file, postData.mimeType);
    else setBody(observedRequest, postData.text, postData.encoding, postData.mimeType);
    if (postData.mimeType !== undefined) observedRequest.bodyMimeType = postData.mimeType;
  }
  const observedResponse: ObservedResponse = {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers: withoutPseudoHeaders(response.headers),
    mimeType: response.content.mimeType,
    bodySize: response.bodySize,
  };
  if (response.content._file !== undefined) setAttached(observedResponse, source, response.content._file, response.content.mimeType);
  else if (recordedBody(response)) setBody(observedResponse, response.content.text, response.content.encoding, response.content.mimeType);
  const exchange: ObservedExchange = { source, index, startedAt: entry.startedDateTime.ms, durationMs: entry.time, request: observedRequest, response: observedResponse };
  if (entry.startedDateTime.unitMs !== undefined) exchange.startUnitMs = entry.startedDateTime.unitMs;
  if (timings) exchange.timings = phasesTaken(timings);
  const requestCut = cutShort(observedRequest, request.bodySize, true);
  const responseCut = cutShort(observedResponse, response.content.size, false);
  if (requestCut || responseCut) exchange.bodyTruncated = { ...(requestCut && { request: true }), ...(responseCut && { response: true }) };
  return withoutCredentials(exchange);
}

/**
 * Whether the recorded body is shorter than the size the entry gives it (a request's `bodySize`, an
 * answer's `content.size`): a recorder that keeps only the start of a long body says so by that
 * alone (Firefox keeps the first MiB), and a start is not what was sent. `absentIsCut`: a request
 * recorded without its body is one that had none unless its size says otherwise (an answer without
 * one is a body not recorded already).
 */
function cutShort(body: ObservedRequest | ObservedResponse, size: number, absentIsCut: boolean): boolean {
  if (size <= 0) return false;
  if (body.bodyBinary) return body.bodyBinary.length < size;
  const text = body.bodyText;
  if (text === undefined) return absentIsCut;
  // A character takes a byte at least: only a text of fewer characters than the size can be shorter.
  return text.length < size && Buffer.byteLength(text) < size;
}

/** HAR writes -1 for a phase that did not apply; the exchange leaves it out. */
function phasesTaken(timings: NonNullable<HarEntry['timings']>): ExchangeTimings {
  const taken: ExchangeTimings = {};
  for (const phase in timings) {
    const ms = timings[phase as keyof ExchangeTimings];
    if (ms !== undefined && ms >= 0) taken[phase as keyof ExchangeTimings] = ms;
  }
  return taken;
}

/** Chromium records HTTP/2 requests with `:method`, `:path` and the like; method and URL already say it, and HTTP/1.1 exchanges have none. */
function withoutPseudoHeaders(headers: HeaderField[]): HeaderField[] {
  return headers.some((h) => h.name.startsWith(':')) ? headers.filter((h) => !h.name.startsWith(':')) : headers;
}

/**
 * Playwright writes a body the page read as a blob as empty text while the answer's size and
 * Content-Length show it had bytes: a body not recorded, not an empty one.
 */
function recordedBody(response: HarEntry['response']): boolean {
  if (response.content.text !== '') return true;
  const declared = response.headers.find((h) => h.name.toLowerCase() === 'content-length')?.value;
  return !(response.bodySize > 0 || (declared !== undefined && Number(declared) > 0));
}

/** Base64 in either alphabet, with the line breaks of MIME's. */
const BASE64 = /^[A-Za-z0-9+/\-_\r\n]*={0,2}[\r\n]*$/;

/**
 * HAR 1.2 lets a recorder write any body in base64 (`encoding`), and some write every body so, JSON
 * included (martian's HAR logger; Reqable's request bodies): the bytes go into the exchange as text
 * where they are text, as the proxy records them (recorded-body.ts), so that the judges read the
 * same answer however the recorder wrote it. A text that cannot be base64 is the body itself, marked
 * so by mistake (as Firefox's export once marked plain text).
 */
function setBody(message: ObservedRequest | ObservedResponse, text: string | undefined, encoding: string | undefined, mimeType: string | undefined): void {
  if (text === undefined) return;
  if (encoding !== 'base64' || !BASE64.test(text)) {
    message.bodyText = text;
    return;
  }
  setBytes(message, Buffer.from(text, 'base64'), mimeType);
}

/**
 * Playwright's `content: 'attach'` (its default when it records into a .zip) keeps each body in a
 * file of its own, named in `_file`: read from the HAR's folder (the archive unpacked there), and
 * from nowhere else. A file that is not there leaves the body unrecorded.
 */
function setAttached(message: ObservedRequest | ObservedResponse, source: string, name: string, mimeType: string | undefined): void {
  const folder = resolve(dirname(source));
  const path = resolve(folder, name);
  if (!path.startsWith(folder + sep)) return;
  let bytes: Buffer;
  try {
    if (statSync(path).size > DEFAULT_MAX_ENTRY_BYTES) return;
    bytes = readFileSync(path);
  } catch {
    return;
  }
  setBytes(message, bytes, mimeType);
}

/** A body's bytes as text where they are text, as the proxy records them (recorded-body.ts); no bytes are an empty body, as an empty text is. */
function setBytes(message: ObservedRequest | ObservedResponse, bytes: Buffer, mimeType: string | undefined): void {
  if (bytes.length === 0) {
    message.bodyText = '';
    return;
  }
  // A HAR's body is decoded (decompressed, unchunked) whatever the answer's Content-Encoding said.
  const { bodyText, bodyBinary } = bodyFields(bytes, false, mimeType === '' ? undefined : mimeType, undefined);
  if (bodyText !== undefined) message.bodyText = bodyText;
  else message.bodyBinary = bodyBinary;
}
