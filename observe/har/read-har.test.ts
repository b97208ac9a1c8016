import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ObservedExchange } from '../exchange.js';
import { HarReadError, LISTED_SKIPS, readHar, type HarReadOptions } from './read-har.js';

/** Written by hand after a Chromium DevTools export of a page calling the API over HTTP/2, plus one HTTP/1.1 exchange. */
const FIXTURE = resolve(import.meta.dirname, 'testdata/chromium-api-session.har');
const TOKEN = 'cpf_3Jq9xK2mVt7wLpR4sN8d';
/** sha256 of TOKEN, first 16 hex digits, worked out apart from the code under test. */
const CUSTOMER = 'customer:a9ffbc95ead16d81';
const BASE = 'https://api.example.test/api/v2';

const dir = mkdtempSync(join(tmpdir(), 'cpf-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeHar(name: string, entries: unknown[]): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }));
  return file;
}

async function readAll(files: string[], options?: HarReadOptions) {
  const reading = readHar(files, options);
  const exchanges: ObservedExchange[] = [];
  for await (const exchange of reading.exchanges) exchanges.push(exchange);
  return { exchanges, summaries: reading.summaries };
}

async function readUntilError(files: string[]) {
  const exchanges: ObservedExchange[] = [];
  try {
    for await (const exchange of readHar(files).exchanges) exchanges.push(exchange);
  } catch (error) {
    return { error, exchanges };
  }
  throw new Error('the files were read without an error');
}

/** A valid entry of the smallest form writers produce. */
function entry(i: number) {
  return {
    startedDateTime: new Date(Date.UTC(2026, 10, 28, 18) + i * 5).toISOString(),
    time: 3.25,
    request: { method: 'GET', url: `${BASE}/reports/K${i}`, httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: `Bearer token-${i % 50}` }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      cookies: [],
      content: { size: 48, mimeType: 'application/json', text: `{"projectKey":"K${i}","projektName":"Haus [Süd] {${i}}"}` },
      redirectURL: '',
      headersSize: -1,
      bodySize: 48,
    },
    cache: {},
    timings: { send: 0.1, wait: 3, receive: 0.15 },
  };
}

describe('readHar', () => {
  it('reads a Chromium HAR into normalised exchanges: text and base64 bodies, a POST body, a 429, no token', async () => {
    const { exchanges, summaries } = await readAll([FIXTURE]);
    const listBody = JSON.stringify({ items: [{ projectKey: 'K7f3', projektName: 'Café [Nord] {Anbau}', bemerkungen: 'Zitat " und Backslash \\ ]}' }], page: 1, limit: 50 });
    expect(exchanges[0]).toEqual({
      source: FIXTURE,
      index: 0,
      startedAt: Date.UTC(2026, 10, 28, 18, 0, 0, 125),
      durationMs: 48.731,
      request: {
        method: 'GET',
        url: `${BASE}/reports?page=1`,
        httpVersion: 'http/2.0',
        headers: [
          { name: 'accept', value: 'application/json' },
          { name: 'authorization', value: `Bearer ${CUSTOMER}` },
          { name: 'user-agent', value: expect.stringContaining('Chrome/131') },
        ],
      },
      response: {
        status: 200,
        statusText: '',
        httpVersion: 'http/2.0',
        headers: [
          { name: 'cache-control', value: 'no-store' },
          { name: 'content-length', value: String(Buffer.byteLength(listBody)) },
          { name: 'content-type', value: 'application/json; charset=utf-8' },
          { name: 'date', value: 'Sat, 28 Nov 2026 18:00:00 GMT' },
          { name: 'x-content-type-options', value: 'nosniff' },
        ],
        mimeType: 'application/json',
        bodySize: Buffer.byteLength(listBody),
        bodyText: listBody,
      },
      timings: { blocked: 1.204, send: 0.113, wait: 44.9, receive: 2.514 },
      customer: CUSTOMER,
      token: { jwtShaped: false, echoedInAnswer: false },
    });
    expect(exchanges[1]).toMatchObject({
      index: 1,
      request: { method: 'POST', url: `${BASE}/reports/with-data`, bodyText: '{"projectData":{"projektName":"Haus Müller"}}', bodyMimeType: 'application/json' },
      response: { status: 201, headers: expect.arrayContaining([{ name: 'location', value: '/api/v2/reports/K7f3' }]), bodyText: '{"projectKey":"K7f3","projektName":"Haus Müller","status":1}' },
      customer: CUSTOMER,
    });
    expect(exchanges[2]?.response).toMatchObject({ status: 200, mimeType: 'application/pdf', bodySize: 51 });
    expect(exchanges[2]?.response.bodyText).toBeUndefined();
    expect(exchanges[2]?.response.bodyBinary).toEqual(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'));
    expect(exchanges[3]).toMatchObject({
      index: 3,
      startedAt: Date.UTC(2026, 10, 28, 18, 0, 1, 3),
      response: { status: 429, headers: expect.arrayContaining([{ name: 'retry-after', value: '1' }]), bodyText: '{"status":429,"error":"Zu viele Anfragen","details":{"type":"rate_limit"}}' },
    });
    // Entry 4 is a request the browser blocked (status 0): no exchange, counted.
    expect(exchanges[4]).toMatchObject({
      index: 5,
      request: { httpVersion: 'HTTP/1.1', headers: [{ name: 'Accept', value: 'application/json' }, { name: 'Connection', value: 'keep-alive' }, { name: 'Host', value: 'api.example.test' }] },
      response: { status: 200, statusText: 'OK', bodyText: '{"status":"ok"}' },
      timings: { blocked: 0.4, dns: 0.7, connect: 1.1, send: 0.1, wait: 5.9, receive: 0.3 },
    });
    expect(exchanges[4]?.customer).toBeUndefined();
    expect(exchanges).toHaveLength(5);
    expect(summaries).toEqual([
      { file: FIXTURE, entries: 6, exchanges: 5, skipped: { oversize: 0, invalid: 0, unanswered: 1 }, listedSkips: [{ index: 4, reason: 'unanswered', detail: 'status 0' }], heldBytesHighWaterMark: 0 },
    ]);
    expect(JSON.stringify(exchanges)).not.toContain(TOKEN);
  });

  it('gives the same exchanges whatever size the file is read in', async () => {
    const { exchanges } = await readAll([FIXTURE]);
    for (const chunkBytes of [1, 7, 1000]) expect((await readAll([FIXTURE], { chunkBytes })).exchanges).toEqual(exchanges);
  });

  it('reads several files in turn, each in entry order', async () => {
    const second = writeHar('second.har', [entry(0), entry(1)]);
    const { exchanges, summaries } = await readAll([FIXTURE, second, FIXTURE]);
    expect(exchanges.map((x) => [x.source, x.index])).toEqual([
      ...[0, 1, 2, 3, 5].map((i) => [FIXTURE, i]),
      [second, 0],
      [second, 1],
      ...[0, 1, 2, 3, 5].map((i) => [FIXTURE, i]),
    ]);
    expect(summaries.map((s) => [s.file, s.exchanges])).toEqual([
      [FIXTURE, 5],
      [second, 2],
      [FIXTURE, 5],
    ]);
  });

  it('counts entries that fail the schema, with their index and first issue, never a recorded value', async () => {
    const valid = entry(0);
    const file = writeHar('invalid.har', [
      valid,
      { ...entry(1), request: { ...valid.request, method: undefined } },
      { ...entry(2), startedDateTime: 'yesterday at noon' },
      { ...entry(3), response: { ...valid.response, status: '200' } },
      { ...entry(4), response: { ...valid.response, content: { mimeType: 'text/plain', text: 'secret body', encoding: 'gzip' } } },
      'an entry that is a string',
      entry(6),
    ]);
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges.map((x) => x.index)).toEqual([0, 6]);
    const summary = summaries[0];
    expect(summary?.skipped).toEqual({ oversize: 0, invalid: 5, unanswered: 0 });
    expect(summary?.listedSkips.map((s) => [s.index, s.reason])).toEqual([1, 2, 3, 4, 5].map((i) => [i, 'invalid']));
    expect(summary?.listedSkips.map((s) => s.detail)).toEqual([
      expect.stringMatching(/^request\.method: /),
      'startedDateTime: not an ISO 8601 date and time with a time zone',
      expect.stringMatching(/^response\.status: .*number/),
      expect.stringMatching(/^response\.content\.encoding: /),
      expect.stringMatching(/^\(entry\): .*object/),
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/yesterday|secret|gzip|token-/);
  });

  it(`lists the first ${LISTED_SKIPS} skipped entries and counts the rest`, async () => {
    const file = writeHar('many-invalid.har', Array.from({ length: 3 * LISTED_SKIPS }, () => ({})));
    const { summaries } = await readAll([file]);
    expect(summaries[0]?.skipped.invalid).toBe(3 * LISTED_SKIPS);
    expect(summaries[0]?.listedSkips).toHaveLength(LISTED_SKIPS);
  });

  it('skips an entry over the cap, naming its index and offset, and reads the others', async () => {
    const big = entry(1);
    big.response.content.text = JSON.stringify({ note: 'x'.repeat(10_000) });
    const file = writeHar('oversize.har', [entry(0), big, entry(2)]);
    const offset = readFileSync(file).indexOf('{"startedDateTime":"2026-11-28T18:00:00.005Z"');
    const { exchanges, summaries } = await readAll([file], { maxEntryBytes: 2048, chunkBytes: 512 });
    expect(exchanges.map((x) => x.index)).toEqual([0, 2]);
    expect(summaries[0]?.listedSkips).toEqual([{ index: 1, reason: 'oversize', detail: `${Buffer.byteLength(JSON.stringify(big))} bytes from byte offset ${offset}, over the cap of 2048` }]);
    expect(summaries[0]?.heldBytesHighWaterMark).toBeLessThanOrEqual(2048);
  });

  describe('ends a broken file with one line naming the file and the byte offset', () => {
    it('a truncated HAR, after the exchanges before the break', async () => {
      const whole = readFileSync(FIXTURE);
      const cut = whole.indexOf('"status": 429');
      const file = join(dir, 'truncated.har');
      writeFileSync(file, whole.subarray(0, cut));
      const { error, exchanges } = await readUntilError([file]);
      expect(exchanges.map((x) => x.index)).toEqual([0, 1, 2]);
      expect(error).toBeInstanceOf(HarReadError);
      expect((error as Error).message).toBe(`${file}: the file ends inside log.entries[3] (truncated?) (byte offset ${cut})`);
    });

    it('a JSON file that is not a HAR', async () => {
      const file = join(dir, 'package.json');
      writeFileSync(file, '{"name":"cpf-conformance","version":"0.1.0"}\n');
      const { error } = await readUntilError([file]);
      expect((error as Error).message).toBe(`${file}: not a HAR: the JSON document has no log.entries array (byte offset 45)`);
    });

    it('a file that is not JSON', async () => {
      const file = join(dir, 'picture.har');
      writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
      const { error } = await readUntilError([file]);
      expect((error as Error).message).toBe(`${file}: not a HAR: the file is not a JSON object (byte offset 0)`);
    });

    it('a file that is not there, after the files before it', async () => {
      const missing = join(dir, 'missing.har');
      const { error, exchanges } = await readUntilError([FIXTURE, missing]);
      expect(exchanges).toHaveLength(5);
      expect((error as Error).message).toBe(`${missing}: cannot be read (ENOENT)`);
    });
  });

  it('streams 60,000 entries (about 34 MB) holding no more than one read chunk', { timeout: 600_000 }, async () => {
    const file = join(dir, 'large.har');
    const fd = openSync(file, 'w');
    try {
      writeSync(fd, '{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[');
      const batch: string[] = [];
      for (let i = 0; i < 60_000; i++) {
        batch.push((i === 0 ? '' : ',') + JSON.stringify(entry(i)));
        if (batch.length === 1000) writeSync(fd, batch.splice(0).join(''));
      }
      writeSync(fd, `${batch.join('')}]}}`);
    } finally {
      closeSync(fd);
    }
    const reading = readHar([file]);
    let count = 0;
    let inOrder = true;
    const customers = new Set<string | undefined>();
    for await (const exchange of reading.exchanges) {
      inOrder &&= exchange.index === count;
      customers.add(exchange.customer);
      count++;
    }
    rmSync(file);
    expect(count).toBe(60_000);
    expect(inOrder).toBe(true);
    expect(customers.size).toBe(50);
    const [summary] = reading.summaries;
    expect(summary).toMatchObject({ entries: 60_000, exchanges: 60_000 });
    // Entries straddle chunk boundaries all through the file, yet the buffer stays at one 64 KiB chunk.
    expect(summary?.heldBytesHighWaterMark).toBeGreaterThan(0);
    expect(summary?.heldBytesHighWaterMark).toBeLessThanOrEqual(64 * 1024);
  });
});
