import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
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
    // Entry 4 is a request the browser blocked (status 0): sent, its outcome unknown.
    expect(exchanges[4]).toMatchObject({ index: 4, unanswered: 'status 0', request: { url: `${BASE}/reports/K7f3/pictures` }, response: { status: 0 } });
    expect(exchanges[5]).toMatchObject({
      index: 5,
      request: { httpVersion: 'HTTP/1.1', headers: [{ name: 'Accept', value: 'application/json' }, { name: 'Connection', value: 'keep-alive' }, { name: 'Host', value: 'api.example.test' }] },
      response: { status: 200, statusText: 'OK', bodyText: '{"status":"ok"}' },
      timings: { blocked: 0.4, dns: 0.7, connect: 1.1, send: 0.1, wait: 5.9, receive: 0.3 },
    });
    expect(exchanges[5]?.customer).toBeUndefined();
    expect(exchanges.filter((x) => x.unanswered === undefined)).toHaveLength(5);
    expect(exchanges).toHaveLength(6);
    expect(summaries).toEqual([{ file: FIXTURE, entries: 6, exchanges: 5, unanswered: 1, skipped: { oversize: 0, invalid: 0, cached: 0 }, listedSkips: [], heldBytesHighWaterMark: 0 }]);
    expect(JSON.stringify(exchanges)).not.toContain(TOKEN);
  });

  it('gives the same exchanges whatever size the file is read in', async () => {
    const { exchanges } = await readAll([FIXTURE]);
    for (const chunkBytes of [1, 7, 1000]) expect((await readAll([FIXTURE], { chunkBytes })).exchanges).toEqual(exchanges);
  });

  it('drops entries the browser served from its cache (`_fromCache`): they never reached the target', async () => {
    const file = writeHar('cached.har', [entry(0), { ...entry(1), _fromCache: 'memory' }, { ...entry(2), _fromCache: 'disk' }, entry(3)]);
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges.map((x) => x.index)).toEqual([0, 3]);
    expect(summaries[0]).toMatchObject({ entries: 4, exchanges: 2, unanswered: 0, skipped: { oversize: 0, invalid: 0, cached: 2 } });
    expect(summaries[0]?.listedSkips).toEqual([
      { index: 1, reason: 'cached', detail: '_fromCache memory' },
      { index: 2, reason: 'cached', detail: '_fromCache disk' },
    ]);
  });

  it('hands on an entry of status 0 as a request without an answer, and the proxy-less HAR has no proxyFailure', async () => {
    const blocked = { ...entry(1), response: { ...entry(1).response, status: 0, statusText: '', headers: [], content: { size: 0, mimeType: 'x-unknown' } } };
    const file = writeHar('blocked.har', [entry(0), blocked]);
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges.map((x) => [x.index, x.unanswered, x.proxyFailure])).toEqual([
      [0, undefined, undefined],
      [1, 'status 0', undefined],
    ]);
    expect(summaries[0]).toMatchObject({ entries: 2, exchanges: 1, unanswered: 1 });
  });

  it("hands on Playwright's failed request (status -1, `_failureText`) as a request without an answer", async () => {
    const failed = { ...entry(1), time: 1.06, response: { status: -1, statusText: '', httpVersion: '', headers: [], cookies: [], content: { size: -1, mimeType: 'x-unknown' }, redirectURL: '', headersSize: -1, bodySize: -1, _failureText: 'net::ERR_ABORTED' }, timings: { send: -1, wait: -1, receive: -1 } };
    const file = writeHar('playwright-failed.har', [entry(0), failed]);
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges[1]).toMatchObject({ index: 1, unanswered: 'status -1', response: { status: -1 }, timings: {} });
    expect(summaries[0]).toMatchObject({ entries: 2, exchanges: 1, unanswered: 1, skipped: { invalid: 0 } });
  });

  it('reads an empty body text beside a size above 0 as a body not recorded (Playwright, a body read as a blob)', async () => {
    const picture = { ...entry(1), response: { ...entry(1).response, headers: [{ name: 'Content-Length', value: '213' }], content: { size: 0, mimeType: 'image/png', text: '', encoding: 'base64' }, bodySize: 213 } };
    const empty = { ...entry(2), response: { ...entry(2).response, headers: [{ name: 'Content-Length', value: '0' }], content: { size: 0, mimeType: 'application/json', text: '' }, bodySize: 0 } };
    const { exchanges } = await readAll([writeHar('blob.har', [picture, empty])]);
    expect(exchanges[0]?.response).not.toHaveProperty('bodyBinary');
    expect(exchanges[0]?.response).not.toHaveProperty('bodyText');
    expect(exchanges[1]?.response.bodyText).toBe('');
  });

  it('notes a start stamped coarser than a millisecond, and takes one to the millisecond as exact, on a whole second too', async () => {
    const stamps = ['2026-11-28T18:00:00Z', '2026-11-28T18:00:01.5Z', '2026-11-28T18:00:02.000Z', '2026-11-28T18:00:03.000250Z'];
    const { exchanges } = await readAll([writeHar('stamps.har', stamps.map((startedDateTime, i) => ({ ...entry(i), startedDateTime })))]);
    expect(exchanges.map((x) => [x.startedAt - Date.UTC(2026, 10, 28, 18), x.startUnitMs])).toEqual([
      [0, 1000],
      [1500, 100],
      [2000, undefined],
      [3000.25, undefined],
    ]);
  });

  it('reads a body a recorder wrote in base64 as the bytes it is: text where they are text (martian writes every body so, Reqable request bodies), bytes for a picture', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const answer = `{"projectKey":"K1","projektName":"Haus [Süd]"}`;
    const json = { ...entry(1), response: { ...entry(1).response, content: { size: 46, mimeType: 'application/json; charset=utf-8', text: b64(answer), encoding: 'base64' } } };
    const posted = { ...entry(2), request: { ...entry(2).request, method: 'POST', postData: { mimeType: 'application/json', text: b64('{"projectData":{}}'), encoding: 'base64' } } };
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const picture = { ...entry(3), response: { ...entry(3).response, content: { size: 8, mimeType: 'image/png', text: png.toString('base64'), encoding: 'base64' } } };
    const latin1 = { ...entry(4), response: { ...entry(4).response, content: { size: 5, mimeType: 'application/json', text: Buffer.from('"\xe4"', 'latin1').toString('base64'), encoding: 'base64' } } };
    const { exchanges } = await readAll([writeHar('base64.har', [json, posted, picture, latin1])]);
    expect(exchanges[0]?.response.bodyText).toBe(answer);
    expect(exchanges[0]?.response).not.toHaveProperty('bodyBinary');
    expect(exchanges[1]?.request.bodyText).toBe('{"projectData":{}}');
    expect(exchanges[2]?.response.bodyBinary).toEqual(png);
    expect(exchanges[3]?.response.bodyBinary).toEqual(Buffer.from('"\xe4"', 'latin1'));
  });

  it("marks an answer's body shorter than the entry's content.size as cut (Firefox keeps the first MiB of a body), and no other", async () => {
    const text = entry(1).response.content.text;
    const bytes = Buffer.byteLength(text);
    const withSize = (i: number, size: unknown, body: Record<string, unknown> = { text }) => ({ ...entry(i), response: { ...entry(i).response, content: { mimeType: 'application/json', size, ...body } } });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const entries = [
      withSize(1, bytes + 1),
      withSize(2, bytes),
      // A size below the text's: the compressed length, as some recorders write it.
      withSize(3, 20),
      withSize(4, 'unknown'),
      withSize(5, 5, { text: png.toString('base64'), encoding: 'base64', mimeType: 'image/png' }),
      withSize(6, 4, { text: png.toString('base64'), encoding: 'base64', mimeType: 'image/png' }),
    ];
    const { exchanges } = await readAll([writeHar('cut.har', entries)]);
    expect(exchanges.map((x) => x.bodyTruncated)).toEqual([{ response: true }, undefined, undefined, undefined, { response: true }, undefined]);
    // The characters of the text number fewer than its bytes (ü): the bytes are compared.
    expect(text.length).toBeLessThan(bytes);
  });

  it("marks a request's body as cut where the recording lacks it or holds less than its bodySize (a file saved without content), and no other", async () => {
    const post = (i: number, bodySize: number, postData?: { mimeType: string; text: string }) => ({ ...entry(i), request: { ...entry(i).request, method: 'POST', bodySize, ...(postData && { postData }) } });
    const body = { mimeType: 'application/json', text: '{"projectData":{"projektName":"Süd"}}' };
    const entries = [post(1, 38), post(2, 38, body), post(3, 60, body), post(4, 0), post(5, -1)];
    const { exchanges } = await readAll([writeHar('posts.har', entries)]);
    expect(Buffer.byteLength(body.text)).toBe(38);
    expect(exchanges.map((x) => x.bodyTruncated)).toEqual([{ request: true }, undefined, { request: true }, undefined, undefined]);
  });

  it("reads the bodies Playwright attaches in files of their own beside the HAR (`_file`), and none from elsewhere", async () => {
    const answer = `{"projectKey":"K1","projektName":"Haus [Süd]"}`;
    const sent = '{"projectData":{"projektName":"Süd"}}';
    writeFileSync(join(dir, 'a1.json'), answer);
    const attached = {
      ...entry(1),
      request: { ...entry(1).request, method: 'POST', bodySize: Buffer.byteLength(sent), postData: { mimeType: 'application/json', text: '', params: [], _file: 'p1.json' } },
      response: { ...entry(1).response, content: { size: Buffer.byteLength(answer), mimeType: 'application/json', _file: 'a1.json' } },
    };
    const missing = { ...entry(2), response: { ...entry(2).response, content: { size: 10, mimeType: 'application/json', _file: 'gone.json' } } };
    // Beside the HAR's folder, not in it.
    const outside = { ...entry(3), response: { ...entry(3).response, content: { size: 10, mimeType: 'application/json', _file: '../a1.json' } } };
    mkdirSync(join(dir, 'playwright'), { recursive: true });
    writeFileSync(join(dir, 'playwright', 'a1.json'), answer);
    writeFileSync(join(dir, 'playwright', 'p1.json'), sent);
    const har = join(dir, 'playwright', 'attached.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [attached, missing, outside] } }));
    const { exchanges } = await readAll([har]);
    expect(exchanges[0]?.request.bodyText).toBe(sent);
    expect(exchanges[0]?.response.bodyText).toBe(answer);
    expect(exchanges[0]?.bodyTruncated).toBeUndefined();
    for (const x of exchanges.slice(1)) {
      expect(x.response).not.toHaveProperty('bodyText');
      expect(x.response).not.toHaveProperty('bodyBinary');
    }
  });

  it('reads an empty base64 body as an empty one, and a text marked base64 that cannot be base64 as the body itself', async () => {
    const empty = { ...entry(1), response: { ...entry(1).response, content: { size: 0, mimeType: 'application/json', text: '', encoding: 'base64' }, bodySize: 0 } };
    const marked = { ...entry(2), response: { ...entry(2).response, content: { ...entry(2).response.content, encoding: 'base64' } } };
    const { exchanges } = await readAll([writeHar('marked.har', [empty, marked])]);
    expect(exchanges[0]?.response.bodyText).toBe('');
    expect(exchanges[1]?.response.bodyText).toBe(entry(2).response.content.text);
  });

  describe('marks the exchanges of an export without credentials (Chrome\'s "Export HAR (sanitized)")', () => {
    const stripped = (e: ReturnType<typeof entry>) => ({ ...e, request: { ...e.request, headers: [{ name: 'Accept', value: 'application/json' }] } });

    it('no Authorization header anywhere, a protected path answered 2xx: every exchange, with the file', async () => {
      const file = writeHar('sanitized.har', [stripped(entry(0)), stripped(entry(1))]);
      const { exchanges, summaries } = await readAll([file]);
      expect(exchanges.map((x) => x.credentialsStripped)).toEqual([true, true]);
      expect(summaries[0]?.credentialsStripped).toBe(true);
    });

    it('not a file where one request carries the header, nor one whose protected paths were all refused', async () => {
      const refused = (e: ReturnType<typeof entry>) => ({ ...stripped(e), response: { ...e.response, status: 401 } });
      const withOne = await readAll([writeHar('one-token.har', [stripped(entry(0)), entry(1)])]);
      const allRefused = await readAll([writeHar('refused.har', [refused(entry(0)), refused(entry(1))])]);
      for (const { exchanges, summaries } of [withOne, allRefused]) {
        expect(exchanges.map((x) => x.credentialsStripped)).toEqual([undefined, undefined]);
        expect(summaries[0]).not.toHaveProperty('credentialsStripped');
      }
    });
  });

  it('merges several files by request start, not one after the other', async () => {
    // The fixture's requests start from 18:00:00.125; these from 18:00:00.000 every 400 ms, both files in start order.
    const second = writeHar('second.har', [0, 80, 160].map((i) => entry(i)));
    const { exchanges, summaries } = await readAll([FIXTURE, second]);
    expect(exchanges.map((x) => [x.source === FIXTURE ? 'fixture' : 'second', x.index])).toEqual([
      ['second', 0],
      ['fixture', 0],
      ['second', 1],
      ['fixture', 1],
      ['second', 2],
      ['fixture', 2],
      ['fixture', 3],
      ['fixture', 4],
      ['fixture', 5],
    ]);
    expect(exchanges.map((x) => x.startedAt)).toEqual([...exchanges.map((x) => x.startedAt)].sort((a, b) => a - b));
    expect(summaries.map((s) => [s.file, s.exchanges, s.outOfOrder])).toEqual([
      [FIXTURE, 5, 0],
      [second, 3, 0],
    ]);
  });

  it('puts a file of several back in start order within the reorder window', async () => {
    // Entries 5 ms apart, recorded as their answers ended: 2 before 1, 5 before 3 and 4.
    const shuffled = writeHar('shuffled.har', [0, 2, 1, 5, 3, 4].map((i) => entry(i)));
    const other = writeHar('other.har', [entry(100)]);
    const { exchanges, summaries } = await readAll([shuffled, other]);
    expect(exchanges.filter((x) => x.source === shuffled).map((x) => x.index)).toEqual([0, 2, 1, 4, 5, 3]);
    expect(exchanges.at(-1)?.source).toBe(other);
    expect(summaries[0]?.outOfOrder).toBe(0);
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
    expect(summary?.skipped).toEqual({ oversize: 0, invalid: 5, cached: 0 });
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

    it('a file that is not there, before any exchange: files given together are read together', async () => {
      const missing = join(dir, 'missing.har');
      const { error, exchanges } = await readUntilError([FIXTURE, missing]);
      expect(exchanges).toHaveLength(0);
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
    // Entries straddle chunk boundaries all through the file, yet the buffer for them stays at its smallest, 64 KiB.
    expect(summary?.heldBytesHighWaterMark).toBeGreaterThan(0);
    expect(summary?.heldBytesHighWaterMark).toBeLessThanOrEqual(64 * 1024);
  });
});
