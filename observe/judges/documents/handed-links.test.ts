import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { handedLinksJudge } from './handed-links.js';

const RULES = ['DOC-10', 'DOC-17', 'DOC-23', 'DOC-26'];
const token = 't-handed-links';
const site = 'https://site.example.test';
const fileUrl = (id: number) => `${site}/files/documents/${id}/r.pdf?expires=9&sig=s${id}`;

const pdf = (id: number, body?: unknown): ExchangeSpec => ({
  path: '/reports/abcdefghi/pdf',
  token,
  status: 200,
  responseBody: body ?? { linkToDocument: fileUrl(id), file: { url: fileUrl(id), viewerUrl: `${site}/files/viewer/${id}?sig=v${id}` } },
});
const pictures = (...urls: string[]): ExchangeSpec => ({ path: '/reports/abcdefghi/pictures', token, status: 200, responseBody: { pictures: urls.map((url, i) => ({ id: `p${i}`, url, type: 'room', roomName: null })) } });
/** A fetch of a link: no token, outside the API (or under it, for a target that serves files there). */
const fetch = (url: string, status: number, body: string, headers: Record<string, string>, at?: number): ExchangeSpec => ({ path: url, status, responseBody: body, responseHeaders: headers, ...(at !== undefined && { at }) });
const pdfFile = (url: string, status = 200) => fetch(url, status, status === 200 ? '%PDF-1.7 ...' : 'Die Signatur des Links ist ungültig.', { 'Content-Type': status === 200 ? 'application/pdf' : 'text/plain' });
const picture = (url: string, cacheControl = 'private, no-store', status = 200) => fetch(url, status, status === 200 ? 'PNG...' : 'no', { 'Content-Type': status === 200 ? 'image/png' : 'text/plain', 'Cache-Control': cacheControl });

describe('handed links judge', () => {
  it('passes documents that each get their own link and serve, and pictures served privately against the origin', () => {
    const o = observed([handedLinksJudge], [
      pdf(1),
      pdfFile(fileUrl(1)),
      pdf(2),
      pdfFile(fileUrl(1)),
      pdfFile(fileUrl(2)),
      fetch(`${site}/files/viewer/2?sig=v2`, 200, '<!doctype html>', { 'Content-Type': 'text/html' }),
      pictures('/files/pictures/p0?expires=9&sig=a', 'https://cdn.example.test/p1?sig=b'),
      picture('https://api.example.test/files/pictures/p0?expires=9&sig=a'),
      picture('https://cdn.example.test/p1?sig=b', 'no-store'),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-10': 'pass 2/0', 'DOC-17': 'pass 1/0', 'DOC-23': 'pass 4/0', 'DOC-26': 'pass 2/0' });
  });

  it('fails a repeated document link, a superseded document gone, a link that does not serve, a relative picture url that resolves nowhere and a public picture', () => {
    const o = observed([handedLinksJudge], [
      pdf(1),
      pdfFile(fileUrl(1)),
      pdf(1),
      pdf(2),
      pdfFile(fileUrl(1), 403),
      pictures('pictures-files/p0?sig=a', '/api/v2/cached-files/pictures/p1'),
      fetch('https://api.example.test/pictures-files/p0?sig=a', 404, 'Not found', { 'Content-Type': 'text/plain' }),
      picture('https://api.example.test/api/v2/cached-files/pictures/p1', 'public, max-age=86400'),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-10': 'fail 3/2', 'DOC-17': 'fail 2/1', 'DOC-23': 'fail 2/1', 'DOC-26': 'fail 1/1' });
  });

  it('takes a superseded document gone only when the fetch surely came after the next call was answered', () => {
    // A recorder that leaves out the fraction: each start may lie a second off its stamp. The second pdf call took 800 ms.
    const t = Date.parse('2026-11-28T12:00:00Z');
    const toTheSecond = (spec: ExchangeSpec, s: number, durationMs = 5): ExchangeSpec => ({ ...spec, at: t + s * 1000, durationMs, startUnitMs: 1000 });
    const sequence = (fetchAt: number) => [toTheSecond(pdf(1), 0), toTheSecond(pdfFile(fileUrl(1)), 1), toTheSecond(pdf(2), 3, 800), toTheSecond(pdfFile(fileUrl(1), 403), fetchAt)];
    // Stamped a second after the second call, the fetch may have come before its answer: the refusal is DOC-23's alone (the two calls' links differ: DOC-10 held).
    expect(verdictsOf(observed([handedLinksJudge], sequence(4)), ['DOC-10', 'DOC-23'])).toEqual({ 'DOC-10': 'pass 1/0', 'DOC-23': 'fail 1/1' });
    expect(verdictsOf(observed([handedLinksJudge], sequence(6)), ['DOC-10', 'DOC-23'])).toEqual({ 'DOC-10': 'fail 2/1', 'DOC-23': 'fail 1/1' });
  });

  it('judges no fetch long after the link was handed out, of a link never handed out, answered 429, 5xx or 304', () => {
    const o = observed([handedLinksJudge], [
      pdf(1),
      pdfFile(fileUrl(1), 503),
      fetch(fileUrl(1), 304, '', {}),
      pdfFile(fileUrl(1).replace('sig=s1', 'sig=t1'), 403),
      pictures('/files/pictures/p0?sig=a'),
      picture('https://api.example.test/files/pictures/p0?sig=a', 'public', 429),
      { ...pdfFile(fileUrl(1), 403), at: Date.parse('2027-06-01T00:00:00Z') },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-10': 'not-observed 0/0', 'DOC-17': 'not-observed 0/0', 'DOC-23': 'not-observed 0/0', 'DOC-26': 'not-observed 0/0' });
  });
});
