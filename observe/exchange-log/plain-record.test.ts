import { describe, expect, it } from 'vitest';
import { withoutCredentials } from '../customer-hash.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';
import { exchangeLogRecordSchema, logRecord } from './exchange-log-schema.js';
import { plainRecord } from './plain-record.js';

/** Records as the writer puts them: through withoutCredentials, then logRecord, then JSON. */
const record = (x: RecordedExchange): unknown => JSON.parse(JSON.stringify(logRecord(withoutCredentials(x)))) as unknown;

const GET: RecordedExchange = {
  source: 'proxy',
  index: 3,
  startedAt: 1795890000123.456,
  durationMs: 4.25,
  request: { method: 'GET', url: 'http://127.0.0.1:8080/api/v2/reports/K1', httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: 'Bearer abcdefgh12345678' }] },
  response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/json' }], mimeType: 'application/json', bodySize: 17, bodyText: '{"projectKey":"K1"}' },
  timings: { send: 0.05, wait: 4, receive: 0.2 },
};

/** Records of the usual shape, and one of each optional field. */
const USUAL: unknown[] = [
  record(GET),
  record({ ...GET, request: { ...GET.request, method: 'POST', bodyText: '{"a":1}', bodyMimeType: 'application/json' }, timings: { blocked: 0, dns: 0.1, connect: 0.2, ssl: 0.3, send: 0.4, wait: 0.5, receive: 0.6 } }),
  record({ ...GET, response: { ...GET.response, status: 502, bodySize: -1 }, proxyFailure: 'the upstream cannot be reached (ECONNREFUSED)', bodyTruncated: { request: true, response: true } }),
  { startedAt: 0, durationMs: 0, request: { method: 'GET', url: '/', httpVersion: '', headers: [] }, response: { status: 0, statusText: '', httpVersion: '', headers: [], mimeType: '', bodySize: 0 } },
];

/** Values a field may wrongly hold, and the edges of the right ones. */
const ODD = [undefined, null, '', 'x', 'customer:0123456789abcdef', 'customer:0123456789ABCDEF', 'AAAA', '!!', 0, -0, -1, -2, 1.5, 999, 1000, Number.MAX_SAFE_INTEGER + 2, Infinity, true, false, [], {}, [{}], [{ name: 'a' }], [{ name: 'a', value: 1 }], [{ name: 'a', value: 'b', comment: 'c' }], { request: true }, { jwtShaped: true, echoedInAnswer: false }];

/** Every record that differs from `record` in one field, at any depth: removed or holding an odd value. */
function variants(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  const out: unknown[] = [];
  for (const key of [...Object.keys(value), 'bodyBase64', 'customer', 'token', 'bodyTruncated']) {
    const child = (value as Record<string, unknown>)[key];
    const copy = (replaced: unknown) => {
      const c = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
      if (replaced === undefined && !Array.isArray(value)) delete c[key];
      else c[key] = replaced;
      return c;
    };
    for (const odd of ODD) out.push(copy(odd));
    for (const inner of variants(child)) out.push(copy(inner));
  }
  return out;
}

/** Key order, `undefined` fields and Buffers all show. */
function exact(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Buffer.isBuffer(value)) return `Buffer(${value.toString('base64')})`;
  if (Array.isArray(value)) return `[${value.map(exact).join(',')}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([k, v]) => `${k}:${exact(v)}`).join(',')}}`;
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

describe('plainRecord', () => {
  it('reads records of the usual shape as the schema does', () => {
    for (const line of USUAL) {
      const plain = plainRecord(line);
      expect(plain).toBeDefined();
      expect(exact(plain)).toBe(exact(exchangeLogRecordSchema.parse(line)));
    }
  });

  it('gives what the schema gives, field for field and in its order, or leaves the record to the schema', () => {
    let read = 0;
    let left = 0;
    for (const line of USUAL.flatMap((r) => [r, ...variants(r)])) {
      const plain = plainRecord(line);
      if (plain === undefined) {
        left++;
        continue;
      }
      read++;
      const parsed = exchangeLogRecordSchema.safeParse(line);
      expect(parsed.success, exact(line)).toBe(true);
      expect(exact(plain), exact(line)).toBe(exact(parsed.data));
    }
    // Both ways are taken: the check is neither all-accepting nor all-refusing.
    expect(read).toBeGreaterThan(500);
    expect(left).toBeGreaterThan(500);
  });
});
