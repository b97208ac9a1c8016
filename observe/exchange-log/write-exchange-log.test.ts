import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutCredentials } from '../customer-hash.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';
import { logRecord } from './exchange-log-schema.js';
import { createExchangeLogWriter, LOG_CHUNK_CHARS } from './write-exchange-log.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-write-exchange-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exchange(i: number): RecordedExchange {
  return withoutCredentials({
    source: 'proxy',
    index: i,
    startedAt: 1795890000123.456 + i,
    durationMs: 0.75,
    request: { method: 'GET', url: `http://127.0.0.1:8080/api/v2/reports/K${i}`, httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: `Bearer token-of-customer-${i % 7}` }] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/pdf' }], mimeType: 'application/pdf', bodySize: 4, bodyBinary: Buffer.from([0x25, 0x50, 0x00, i % 256]) },
    timings: { send: 0.01, wait: 0.6, receive: 0.14 },
  });
}

const linesOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(1, -1) : []);

describe('exchange log writer', () => {
  it('writes lines gathered in chunks exactly as one line per exchange, in order, header first', async () => {
    const file = join(dir, 'chunks.jsonl');
    const writer = createExchangeLogWriter(file, 'test');
    const exchanges = Array.from({ length: 2000 }, (_, i) => exchange(i));
    for (const x of exchanges) writer.write(x);
    await writer.close();
    const text = readFileSync(file, 'utf8');
    // Several chunks' worth: the lines went to the file in more than one write.
    expect(text.length).toBeGreaterThan(3 * LOG_CHUNK_CHARS);
    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ cpfExchangeLog: 1, recordedBy: 'test' });
    expect(linesOf(file)).toEqual(exchanges.map((x) => JSON.stringify(logRecord(x))));
  });

  it('writes a chunk that has not filled without waiting for close', async () => {
    const file = join(dir, 'unfilled.jsonl');
    const writer = createExchangeLogWriter(file, 'test');
    writer.write(exchange(0));
    writer.write(exchange(1));
    for (let i = 0; i < 400 && linesOf(file).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(linesOf(file)).toEqual([0, 1].map((i) => JSON.stringify(logRecord(exchange(i)))));
    await writer.close();
  });

  it('takes nothing after close', async () => {
    const writer = createExchangeLogWriter(join(dir, 'closed.jsonl'), 'test');
    writer.write(exchange(0));
    await writer.close();
    expect(() => writer.write(exchange(1))).toThrow(/closed/);
    expect(writer.written()).toBe(1);
    expect(linesOf(join(dir, 'closed.jsonl'))).toHaveLength(1);
  });
});
