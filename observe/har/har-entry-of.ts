import type { HeaderField, ObservedExchange } from '../exchange.js';

/** A HAR entry as `harEntryOf` writes it. */
export interface WrittenHarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HeaderField[];
    queryString: { name: string; value: string }[];
    postData?: WrittenBody & { mimeType: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HeaderField[];
    content: Partial<WrittenBody> & { size: number; mimeType: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

interface WrittenBody {
  text: string;
  encoding?: 'base64';
}

/**
 * An exchange as an element of a HAR 1.2 `log.entries`, as a browser exports it (the fields the
 * format requires, unknown sizes as -1): what the bench and the tests write to give the HAR reader
 * the same traffic an exchange log holds. The inverse of har-exchange.ts, up to what a HAR cannot
 * say (the recorder's `proxyFailure`). A body's size is the length of the body written (its
 * credentials already replaced by their names, as the record holds it), one byte more where the
 * record was cut (`bodyTruncated`), so that the reader tells the cut again by the size.
 */
export function harEntryOf(x: ObservedExchange): WrittenHarEntry {
  const { request, response } = x;
  const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1).split('#')[0]) : undefined;
  const requestBody = bodyOf(request.bodyText, request.bodyBinary);
  return {
    startedDateTime: new Date(x.startedAt).toISOString(),
    time: x.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: request.httpVersion,
      cookies: [],
      headers: request.headers,
      queryString: query ? [...query].map(([name, value]) => ({ name, value })) : [],
      ...(requestBody && { postData: { mimeType: request.bodyMimeType ?? '', ...requestBody } }),
      headersSize: -1,
      bodySize: writtenSize(request, x.bodyTruncated?.request === true),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      cookies: [],
      headers: response.headers,
      content: { size: writtenSize(response, x.bodyTruncated?.response === true), mimeType: response.mimeType, ...bodyOf(response.bodyText, response.bodyBinary) },
      redirectURL: '',
      headersSize: -1,
      bodySize: response.bodySize,
    },
    cache: {},
    timings: { send: x.timings?.send ?? 0, wait: x.timings?.wait ?? x.durationMs, receive: x.timings?.receive ?? 0 },
  };
}

function bodyOf(text: string | undefined, binary: Buffer | undefined): WrittenBody | undefined {
  if (binary) return { text: binary.toString('base64'), encoding: 'base64' };
  return text === undefined ? undefined : { text };
}

function writtenSize(body: { bodyText?: string; bodyBinary?: Buffer }, cut: boolean): number {
  const bytes = body.bodyBinary?.length ?? (body.bodyText === undefined ? 0 : Buffer.byteLength(body.bodyText));
  return cut ? bytes + 1 : bytes;
}
