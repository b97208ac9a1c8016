import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { customerOf, withoutCredentials } from '../customer-hash.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';
import { startRecordingProxy } from '../proxy/recording-proxy.js';
import { ExchangeLogReadError, readExchangeLog, type ExchangeLogReadOptions } from './read-exchange-log.js';
import { createExchangeLogWriter } from './write-exchange-log.js';

const TOKEN = 'abcdefgh12345678';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff, 0x0a, 0x0d])]);

const dir = mkdtempSync(join(tmpdir(), 'cpf-exchange-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An exchange as the proxy gives it: through withoutCredentials. */
function exchange(i: number, overrides: Partial<RecordedExchange> = {}): RecordedExchange {
  return withoutCredentials({
    source: 'proxy',
    index: i,
    startedAt: 1795890000123.456 + i,
    durationMs: 4.25,
    request: { method: 'GET', url: `http://127.0.0.1:8080/api/v2/reports/K${i}`, httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/json' }], mimeType: 'application/json', bodySize: 17, bodyText: `{"projectKey":"K${i}"}` },
    timings: { send: 0.05, wait: 4, receive: 0.2 },
    ...overrides,
  });
}

async function write(name: string, exchanges: RecordedExchange[]): Promise<string> {
  const file = join(dir, name);
  const writer = createExchangeLogWriter(file, 'test');
  for (const x of exchanges) writer.write(x);
  expect(writer.written()).toBe(exchanges.length);
  await writer.close();
  return file;
}

async function readAll(files: string[], options?: ExchangeLogReadOptions) {
  const reading = readExchangeLog(files, options);
  const exchanges: RecordedExchange[] = [];
  for await (const x of reading.exchanges) exchanges.push(x);
  return { exchanges, summaries: reading.summaries };
}

async function readError(files: string[]): Promise<unknown> {
  try {
    await readAll(files);
  } catch (error) {
    return error;
  }
  throw new Error('read without an error');
}

const HEADER = JSON.stringify({ cpfExchangeLog: 1, recordedBy: 'test', startedAt: '2026-11-28T18:00:00.000Z' });

describe('exchange log', () => {
  it('gives back what was written: text and binary bodies, timings, a proxy failure, customer and token facts', async () => {
    const written = [
      exchange(0),
      exchange(1, {
        request: { method: 'PUT', url: 'http://h/api/v2/reports/K1/picture', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'image/png' }], bodyBinary: PDF, bodyMimeType: 'image/png' },
        response: { status: 200, statusText: '', httpVersion: 'HTTP/1.1', headers: [], mimeType: 'application/pdf', bodySize: 2_000_000, bodyBinary: PDF },
        bodyTruncated: { response: true },
      }),
      exchange(2, { response: { status: 502, statusText: 'Bad Gateway', httpVersion: 'HTTP/1.1', headers: [], mimeType: 'application/json', bodySize: 2, bodyText: '{}' }, proxyFailure: 'the upstream cannot be reached (ECONNREFUSED)' }),
    ];
    const file = await write('round-trip.jsonl', written);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text.split('\n')[0] as string)).toEqual({ cpfExchangeLog: 1, recordedBy: 'test', startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect(text.split('\n')[2]).toContain(`"bodyBase64":"${PDF.toString('base64')}"`);
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges).toEqual(written.map((x, index) => ({ ...x, source: file, index })));
    expect(exchanges[0]).toMatchObject({ customer: customerOf(TOKEN), token: { jwtShaped: false, echoedInAnswer: false }, timings: { send: 0.05, wait: 4, receive: 0.2 } });
    expect(exchanges[1]?.response.bodyBinary).toEqual(PDF);
    expect(summaries).toEqual([{ file, header: { recordedBy: 'test', startedAt: expect.any(String) }, entries: 3, exchanges: 3, skipped: { oversize: 0, invalid: 0 }, listedSkips: [], heldBytesHighWaterMark: 0 }]);
  });

  it("keeps the recording proxy's records as they were", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, ['Content-Type', 'application/pdf', 'X-Dup', '1', 'x-dup', '2']);
      res.end(PDF);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const file = join(dir, 'proxy.jsonl');
    const writer = createExchangeLogWriter(file, 'recording proxy');
    const recorded: RecordedExchange[] = [];
    const proxy = await startRecordingProxy({
      upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      onExchange: (x) => {
        recorded.push(x);
        writer.write(x);
      },
    });
    for (const path of ['/api/v2/reports/K1/pdf', `/api/v2/reports?token=${TOKEN}`]) {
      const res = await fetch(`${proxy.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    }
    await proxy.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await writer.close();
    expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    const { exchanges } = await readAll([file]);
    expect(exchanges).toEqual(recorded.map((x, index) => ({ ...x, source: file, index })));
    expect(exchanges[1]).toMatchObject({ customer: customerOf(TOKEN), response: { bodyBinary: PDF } });
  });

  it('continues a log that has lines, without a second header, and makes parent folders', async () => {
    const file = join(dir, 'nested/deeper/continued.jsonl');
    for (const i of [0, 1]) {
      const writer = createExchangeLogWriter(file, 'test');
      writer.write(exchange(i));
      await writer.close();
    }
    expect(readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('cpfExchangeLog'))).toHaveLength(1);
    expect((await readAll([file])).exchanges.map((x) => x.index)).toEqual([0, 1]);
  });

  it('refuses an exchange that still carries a credential', async () => {
    const writer = createExchangeLogWriter(join(dir, 'refused.jsonl'), 'test');
    const raw = { ...exchange(0), request: { ...exchange(0).request, headers: [{ name: 'authorization', value: `Bearer ${TOKEN}` }] } };
    expect(() => writer.write(raw)).toThrow(/carries a credential/);
    writer.write(exchange(1, { request: { method: 'GET', url: 'http://h/', httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: 'Bearer' }] } }));
    await writer.close();
    expect(readFileSync(join(dir, 'refused.jsonl'), 'utf8')).not.toContain(TOKEN);
  });

  it('skips a broken line with its index and line, never quoting it, and reads on', async () => {
    const file = await write('broken.jsonl', [exchange(0), exchange(1), exchange(2), exchange(3)]);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = '{"startedAt":"secret-value", "truncated';
    lines[3] = (lines[3] as string).replace('"status":200', '"status":"secret"');
    writeFileSync(file, lines.join('\n'));
    const { exchanges, summaries } = await readAll([file]);
    expect(exchanges.map((x) => x.index)).toEqual([0, 3]);
    expect(summaries[0]?.skipped).toEqual({ oversize: 0, invalid: 2 });
    expect(summaries[0]?.listedSkips).toEqual([
      { index: 1, line: 3, reason: 'invalid', detail: 'not JSON' },
      { index: 2, line: 4, reason: 'invalid', detail: expect.stringMatching(/^response\.status: /) },
    ]);
    expect(JSON.stringify(summaries)).not.toContain('secret');
  });

  it('skips an oversize line without holding it', async () => {
    const big = exchange(1, { response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], mimeType: 'text/plain', bodySize: 1_000_000, bodyText: 'x'.repeat(1_000_000) } });
    const file = await write('oversize.jsonl', [exchange(0), big, exchange(2)]);
    const { exchanges, summaries } = await readAll([file], { maxLineBytes: 4096, chunkBytes: 1024 });
    expect(exchanges.map((x) => x.index)).toEqual([0, 2]);
    const bytes = Buffer.byteLength(readFileSync(file, 'utf8').split('\n')[2] as string);
    expect(summaries[0]?.listedSkips).toEqual([{ index: 1, line: 3, reason: 'oversize', detail: `${bytes} bytes, over the cap of 4096` }]);
    expect(summaries[0]?.heldBytesHighWaterMark).toBeGreaterThan(0);
    expect(summaries[0]?.heldBytesHighWaterMark).toBeLessThanOrEqual(4096);
  });

  it('reads CRLF line ends, a byte order mark, blank lines and a last line without its line end', async () => {
    const file = await write('lf.jsonl', [exchange(0), exchange(1)]);
    const crlf = join(dir, 'crlf.jsonl');
    const [header, first, second] = readFileSync(file, 'utf8').split('\n');
    writeFileSync(crlf, `\ufeff${header}\r\n${first}\r\n\r\n${second}`);
    const { exchanges, summaries } = await readAll([crlf]);
    expect(exchanges).toEqual((await readAll([file])).exchanges.map((x) => ({ ...x, source: crlf })));
    expect(summaries[0]).toMatchObject({ entries: 2, exchanges: 2 });
  });

  it('gives the same exchanges whatever size the file is read in', async () => {
    const file = await write('chunks.jsonl', [exchange(0), exchange(1), exchange(2)]);
    const { exchanges } = await readAll([file]);
    for (const chunkBytes of [1, 7, 300]) expect((await readAll([file], { chunkBytes })).exchanges).toEqual(exchanges);
  });

  describe('ends with ExchangeLogReadError for a file that is not an exchange log', () => {
    it('a file without the header', async () => {
      const file = join(dir, 'no-header.jsonl');
      writeFileSync(file, `${JSON.stringify({ startedAt: 1 })}\n`);
      const error = await readError([file]);
      expect(error).toBeInstanceOf(ExchangeLogReadError);
      expect(error).toMatchObject({ file, line: 1, message: `${file}: not an exchange log: its first line is not the header {"cpfExchangeLog":1,...} (line 1)` });
    });

    it('another version, an empty file, a file that is not JSON', async () => {
      const other = join(dir, 'v2.jsonl');
      writeFileSync(other, `${HEADER.replace('"cpfExchangeLog":1', '"cpfExchangeLog":2')}\n`);
      expect((await readError([other])) as Error).toMatchObject({ reason: 'exchange log version 2 is not supported (this reader reads version 1)' });
      const empty = join(dir, 'empty.jsonl');
      writeFileSync(empty, '');
      expect((await readError([empty])) as Error).toMatchObject({ reason: 'not an exchange log: the file is empty' });
      const picture = join(dir, 'picture.jsonl');
      writeFileSync(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
      expect((await readError([picture])) as Error).toBeInstanceOf(ExchangeLogReadError);
    });

    it('a missing file, before any exchange: files given together are read together', async () => {
      const file = await write('before-missing.jsonl', [exchange(0)]);
      const missing = join(dir, 'missing.jsonl');
      const reading = readExchangeLog([file, missing]);
      const seen: number[] = [];
      await expect(
        (async () => {
          for await (const x of reading.exchanges) seen.push(x.index);
        })(),
      ).rejects.toThrow(`${missing}: cannot be read (ENOENT)`);
      expect(seen).toEqual([]);
    });
  });

  it('merges the logs of two proxies by request start', async () => {
    const first = await write('proxy-a.jsonl', [exchange(0), exchange(4), exchange(2, { startedAt: exchange(0).startedAt + 6 })]);
    const second = await write('proxy-b.jsonl', [exchange(1), exchange(5)]);
    const { exchanges, summaries } = await readAll([first, second]);
    expect(exchanges.map((x) => [x.source === first ? 'a' : 'b', x.index])).toEqual([
      ['a', 0],
      ['b', 0],
      ['a', 1],
      ['b', 1],
      ['a', 2],
    ]);
    expect(summaries.map((s) => s.outOfOrder)).toEqual([0, 0]);
  });

  it('streams 50,000 records holding no more than a line', { timeout: 120_000 }, async () => {
    const file = join(dir, 'large.jsonl');
    writeFileSync(file, `${HEADER}\n`);
    const line = JSON.stringify({ ...exchange(0), source: 'proxy' });
    let batch = '';
    for (let i = 0; i < 50_000; i++) {
      batch += `${line}\n`;
      if (batch.length > 1_000_000) {
        appendFileSync(file, batch);
        batch = '';
      }
    }
    appendFileSync(file, batch);
    const reading = readExchangeLog([file]);
    let count = 0;
    for await (const x of reading.exchanges) if (x.index === count) count++;
    expect(count).toBe(50_000);
    expect(reading.summaries[0]?.heldBytesHighWaterMark).toBeLessThanOrEqual(line.length);
  });
});
