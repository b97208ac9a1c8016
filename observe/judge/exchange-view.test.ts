import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import { ExchangeView } from './exchange-view.js';
import { keptExchange } from './kept-exchange.js';

describe('ExchangeView', () => {
  it('looks headers up in any case, every value in recorded order', () => {
    const x = new ExchangeView(
      exchangeOf({ path: '/reports', status: 200, requestHeaders: { 'X-Request-Id': 'r1', 'x-trace': 'a', 'X-TRACE': 'b' }, responseHeaders: { 'Retry-After': '1' }, responseBody: { ok: true } }),
      0,
    );
    expect(x.requestHeader('x-request-id')).toBe('r1');
    expect(x.requestHeader('X-Request-ID')).toBe('r1');
    expect(x.requestHeaders('X-Trace')).toEqual(['a', 'b']);
    expect(x.requestHeader('content-type')).toBeUndefined();
    // Same length as Content-Type, another name.
    expect(x.responseHeader('x-request-id')).toBeUndefined();
    expect(x.responseHeader('content-type')).toBe('application/json; charset=utf-8');
    expect(x.responseHeaders('retry-after')).toEqual(['1']);
  });

  it('tells an answer with a body from one without, as its parsed body does', () => {
    for (const responseBody of [undefined, '', 'text', { a: 1 }]) {
      const x = new ExchangeView(exchangeOf({ path: '/reports', status: 200, responseBody }), 0);
      expect(x.hasResponseBody).toBe(x.responseBody.kind !== 'none');
    }
  });

  it("reads an answer's bytes as JSON where they are JSON, whatever type the recorder kept them as bytes for, and past a byte order mark; other bytes and a request's stay as they are", () => {
    const asBytes = (body: string, contentType: string) => {
      const x = exchangeOf({ method: 'POST', path: '/reports', status: 200, responseHeaders: { 'Content-Type': contentType }, responseBody: body, requestBody: '{"a":1}' });
      const { bodyText: answer, ...response } = x.response;
      const { bodyText: sent, ...request } = x.request;
      return new ExchangeView({ ...x, request: { ...request, bodyBinary: Buffer.from(sent ?? '') }, response: { ...response, bodyBinary: Buffer.from(answer ?? '') } }, 0);
    };
    const json = asBytes(' {"rooms":[{"id":"r1"}]}', 'application/octet-stream');
    expect(json.responseJson).toEqual({ rooms: [{ id: 'r1' }] });
    expect(json.requestBody).toEqual({ kind: 'binary', bytes: 7 });
    expect(asBytes('%PDF-1.7\n', 'application/pdf').responseBody).toEqual({ kind: 'binary', bytes: 9 });
    expect(asBytes('{"rooms":', 'application/octet-stream').responseBody).toEqual({ kind: 'binary', bytes: 9 });
    const withMark = new ExchangeView(exchangeOf({ path: '/reports', status: 200, responseBody: '\ufeff{"rooms":[]}', requestBody: '\ufeff{"a":1}' }), 0);
    expect(withMark.responseJson).toEqual({ rooms: [] });
    expect(withMark.requestBody).toEqual({ kind: 'not-json', text: '\ufeff{"a":1}' });
    const latin1 = new ExchangeView({ ...exchangeOf({ path: '/reports', status: 200 }), response: { status: 200, statusText: '', httpVersion: '', headers: [], mimeType: '', bodySize: 3, bodyBinary: Buffer.from('"\xe4"', 'latin1') } }, 0);
    expect(latin1.responseBody).toEqual({ kind: 'binary', bytes: 3 });
  });

  it('once judged, keeps what a failure keeps and what the judges of sequences read', () => {
    const exchange = exchangeOf({ method: 'PATCH', path: '/reports/ABCDEFGHI?x=1', status: 429, token: 't1', requestBody: { projectData: { name: 'n' } }, responseHeaders: { 'Retry-After': '1' }, responseBody: { status: 429 } });
    const x = new ExchangeView(Object.assign(exchange, { bodyTruncated: { request: true as const } }), 7);
    const reads = ['method', 'status', 'customer', 'sentAt', 'answeredAt', 'apiPath', 'rawQuery', 'endpoint', 'params', 'isPublic', 'responseBodyRecorded', 'responseJson', 'requestBodyKnown', 'authorization'] as const;
    const before = Object.fromEntries(reads.map((read) => [read, x[read]]));
    const kept = [false, true].map((keepBodies) => keptExchange(x, keepBodies));
    const proving = x.provingExchange();
    x.judged();
    expect(x.exchange).toBe(proving);
    expect(x.provingExchange()).toBe(proving);
    expect([false, true].map((keepBodies) => keptExchange(x, keepBodies))).toEqual(kept);
    expect(x.seq).toBe(7);
    for (const read of reads) expect(x[read], read).toEqual(before[read]);
    expect(x.responseHeaders('retry-after')).toEqual([]);
    expect(x.exchange.token).toBeUndefined();
  });
});
