import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyCapture } from './body-capture.js';
import { requestCredentials, withoutCutCredential } from './cut-credentials.js';
import { addressedUrl, headerFields, recordedExchange } from './recorded-exchange.js';

const capture = (cap: number, ...chunks: string[]) => {
  const body = new BodyCapture(cap);
  for (const chunk of chunks) body.add(Buffer.from(chunk, 'latin1'));
  return body;
};

describe('BodyCapture', () => {
  it('keeps the first cap bytes and counts all', () => {
    const body = capture(5, 'abc', 'def', 'ghi');
    expect(body.bytes().toString()).toBe('abcde');
    expect(body.forwardedBytes).toBe(9);
    expect(body.truncated).toBe(true);
    expect(capture(9, 'abc', 'def', 'ghi').truncated).toBe(false);
  });
});

describe('cut credentials', () => {
  it('finds the credentials of Authorization headers and token query parameters', () => {
    expect(requestCredentials(['Authorization', 'Bearer tok-1', 'authorization', 'bare-token'], '/r?token=a%2Bb&access_token=c')).toEqual(['tok-1', 'bare-token', 'a%2Bb', 'a+b', 'c']);
  });

  it('shortens a recorded body that ends with the start of one', () => {
    expect(withoutCutCredential(Buffer.from('{"echo":"abcdefgh1'), ['abcdefgh12345678']).toString()).toBe('{"echo":"');
    expect(withoutCutCredential(Buffer.from('{"echo":"xyz'), ['abcdefgh12345678']).toString()).toBe('{"echo":"xyz');
  });
});

describe('recordedExchange', () => {
  it('builds the exchange from what the wire gave', () => {
    expect(headerFields(['A', '1', 'a', '2'])).toEqual([
      { name: 'A', value: '1' },
      { name: 'a', value: '2' },
    ]);
    expect(addressedUrl('/x?y=%2F', ['host', 'api.test:8080'], 'up:1')).toBe('http://api.test:8080/x?y=%2F');
    expect(addressedUrl('/x', [], 'up:1')).toBe('http://up:1/x');
    expect(addressedUrl('http://elsewhere/x', ['Host', 'h'], 'up:1')).toBe('http://elsewhere/x');
  });

  it("takes the scheme the client used from the front that ended its TLS, the first front's word where several passed it on", () => {
    expect(addressedUrl('/x', ['Host', 'api.test', 'X-Forwarded-Proto', 'https'], 'up:1')).toBe('https://api.test/x');
    expect(addressedUrl('/x', ['Host', 'api.test', 'X-Forwarded-Proto', 'https, http'], 'up:1')).toBe('https://api.test/x');
    expect(addressedUrl('/x', ['Host', 'api.test', 'Forwarded', 'for=192.0.2.60;proto=https;by=203.0.113.43, for=10.0.0.1;proto=http'], 'up:1')).toBe('https://api.test/x');
    expect(addressedUrl('/x', ['Host', 'api.test', 'Forwarded', 'for=192.0.2.60', 'X-Forwarded-Proto', 'https'], 'up:1')).toBe('https://api.test/x');
    expect(addressedUrl('/x', ['Host', 'api.test', 'Forwarded', 'for=192.0.2.60;proto=http', 'X-Forwarded-Proto', 'https'], 'up:1')).toBe('http://api.test/x');
    expect(addressedUrl('/x', ['Host', 'api.test', 'X-Forwarded-Proto', 'ftp'], 'up:1')).toBe('http://api.test/x');
  });

  it('says which bodies were cut, and cuts a credential the cut left a start of', () => {
    const exchange = recordedExchange({
      startedAt: 1.5,
      durationMs: 3,
      request: { method: 'POST', target: '/r', httpVersion: 'HTTP/1.1', rawHeaders: ['Authorization', 'Bearer abcdefgh12345678', 'Content-Type', 'text/plain'], body: capture(4, 'abcdefgh') },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', rawHeaders: [], body: capture(100, 'ok') },
      timings: { send: 1, wait: 1, receive: 1 },
      upstreamHost: 'up:1',
    });
    expect(exchange.bodyTruncated).toEqual({ request: true });
    expect(exchange.request.bodyText).toBeUndefined();
    expect(exchange.request.bodyMimeType).toBe('text/plain');
    expect(exchange.response).toEqual({ status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], mimeType: '', bodySize: 2, bodyText: 'ok' });
  });

  it('records an answer decoded of its gzip, deflate or br (forwarded as it came), counting the bytes that went through', () => {
    const answer = JSON.stringify({ rooms: [{ id: 'r1', roomData: { raumBezeichnung: 'Küche' } }] });
    const coded: [string, Buffer][] = [
      ['gzip', gzipSync(answer)],
      ['deflate', deflateSync(answer)],
      ['deflate', deflateRawSync(answer)],
      ['br', brotliCompressSync(answer)],
      ['gzip, br', brotliCompressSync(gzipSync(answer))],
    ];
    for (const [encoding, bytes] of coded) {
      const exchange = answered(['Content-Type', 'application/json', 'Content-Encoding', encoding], capture(1 << 20, bytes.toString('latin1')), bytes);
      expect(exchange.response.bodyText, encoding).toBe(answer);
      expect(exchange.response.bodySize, encoding).toBe(bytes.length);
      expect(exchange.bodyTruncated, encoding).toBeUndefined();
    }
  });

  it('keeps as bytes a body of a coding it does not know or that is not what its coding says, and as cut one that decodes beyond the cap or was cut at it', () => {
    const answer = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Antrag ${i}` })) });
    const zipped = gzipSync(answer);
    const unknown = answered(['Content-Encoding', 'compress'], capture(1 << 20, zipped.toString('latin1')), zipped);
    expect(unknown.response.bodyBinary).toEqual(zipped);
    const notGzip = answered(['Content-Encoding', 'gzip'], capture(1 << 20, answer), Buffer.from(answer));
    expect(notGzip.response.bodyBinary).toEqual(Buffer.from(answer));
    expect(notGzip.bodyTruncated).toBeUndefined();
    const beyond = answered(['Content-Type', 'application/json', 'Content-Encoding', 'gzip'], capture(answer.length - 1, zipped.toString('latin1')), zipped);
    expect(beyond.bodyTruncated).toEqual({ response: true });
    expect(beyond.response.bodyText).toBeUndefined();
    const cut = answered(['Content-Type', 'application/json', 'Content-Encoding', 'gzip'], capture(Math.floor(zipped.length / 2), zipped.toString('latin1')), zipped);
    expect(cut.bodyTruncated).toEqual({ response: true });
    expect(cut.response.bodyText).toBeUndefined();
  });
});

/** An exchange whose answer came with `rawHeaders` and the captured `body` of `bytes`. */
function answered(rawHeaders: string[], body: BodyCapture, bytes: Buffer) {
  expect(body.forwardedBytes).toBe(bytes.length);
  return recordedExchange({
    startedAt: 1,
    durationMs: 2,
    request: { method: 'GET', target: '/api/v2/reports', httpVersion: 'HTTP/1.1', rawHeaders: ['Accept-Encoding', 'gzip, deflate, br'], body: capture(100) },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', rawHeaders, body },
    timings: { send: 1, wait: 1, receive: 1 },
    upstreamHost: 'up:1',
  });
}
