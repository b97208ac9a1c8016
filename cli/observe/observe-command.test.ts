import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-observe-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'cpf_observe_token_4711';
const BASE = 'https://api.example.test/api/v2';

interface Entry {
  method: string;
  path: string;
  status: number;
  body?: unknown;
  at: number;
}

function har(name: string, entries: Entry[]): string {
  const file = join(dir, name);
  const json = (body: unknown) => (body === undefined ? { size: 0, mimeType: '' } : { size: JSON.stringify(body).length, mimeType: 'application/json', text: JSON.stringify(body) });
  writeFileSync(
    file,
    JSON.stringify({
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: entries.map((e) => ({
          startedDateTime: new Date(Date.parse('2026-11-28T10:00:00Z') + e.at).toISOString(),
          time: 4,
          request: { method: e.method, url: `${BASE}${e.path}`, httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
          response: { status: e.status, statusText: '', httpVersion: 'HTTP/1.1', headers: e.body === undefined ? [] : [{ name: 'Content-Type', value: 'application/json' }], cookies: [], content: json(e.body), redirectURL: '', headersSize: -1, bodySize: -1 },
          cache: {},
          timings: { send: 0, wait: 4, receive: 0 },
        })),
      },
    }),
  );
  return file;
}

async function cli(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

const health = { status: 'ok', api: 'cpf', version: '2.5.0', timestamp: '2026-11-28T10:00:00+00:00' };

describe('observe --har', () => {
  const good = har('good.har', [
    { method: 'GET', path: '/', status: 200, body: { name: 'cpf', version: '2.5.0' }, at: 0 },
    { method: 'GET', path: '/health', status: 200, body: health, at: 1000 },
  ]);
  const bad = har('bad.har', [
    { method: 'GET', path: '/', status: 200, body: { name: 'cpf', version: '2.4.0' }, at: 0 },
    { method: 'GET', path: '/health', status: 200, body: health, at: 1000 },
  ]);

  it('judges a recording into reports that verify and diff read as a run', async () => {
    const first = await cli('observe', '--har', good, '--no-html', '--report-dir', join(dir, 'first'));
    expect(first.output).toMatch(/observed 2 exchanges of 1 customer, 2026-11-28T10:00:00\.000Z to/);
    expect(first.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'first', 'summary.json'), 'utf8')) as { target: string; verdicts: Record<string, number> };
    expect(summary.target).toBe(BASE);
    expect(summary.verdicts.fail).toBe(0);
    expect((await cli('verify', join(dir, 'first'))).code).toBe(0);
    const statement = JSON.parse(Buffer.from((JSON.parse(readFileSync(join(dir, 'first', 'statement.json'), 'utf8')) as { payload: string }).payload, 'base64').toString()) as {
      predicate: { cpfConformance: { observation: unknown; rules: Record<string, { verdict: string; evidence?: string[] }> } };
    };
    expect(statement.predicate.cpfConformance.observation).toMatchObject({ mode: 'recording', exchanges: 2, customers: 1 });
    expect(statement.predicate.cpfConformance.rules['META-3']).toMatchObject({ verdict: 'pass', evidence: ['1 exchange of 1 customer judged'] });
    expect(statement.predicate.cpfConformance.rules['HOOK-1']?.verdict).toBe('skip');
    // The token is never written, not even hashed into a curl line of a pass.
    for (const file of ['summary.json', 'checks.json', 'statement.json']) expect(readFileSync(join(dir, 'first', file), 'utf8')).not.toContain(TOKEN);

    const second = await cli('observe', '--har', bad, '--no-html', '--report-dir', join(dir, 'second'));
    expect(second.code).toBe(1);
    expect(second.output).toContain('FAIL META-3: 1 of 1 judged exchanges broke it');
    const diff = await cli('diff', join(dir, 'first'), join(dir, 'second'));
    expect(diff.code).toBe(1);
    expect(diff.output).toContain('META-3');
  });

  it('records in the statement and the summary that the observer declared one token per customer', async () => {
    const declared = await cli('observe', '--har', good, '--one-token-per-customer', '--no-html', '--report-dir', join(dir, 'declared'));
    expect(declared.code).toBe(0);
    const payloadOf = (folder: string) => JSON.parse(Buffer.from((JSON.parse(readFileSync(join(dir, folder, 'statement.json'), 'utf8')) as { payload: string }).payload, 'base64').toString()) as { predicate: { cpfConformance: { observation: Record<string, unknown> } } };
    expect(payloadOf('declared').predicate.cpfConformance.observation).toMatchObject({ oneTokenPerCustomer: true });
    expect(JSON.parse(readFileSync(join(dir, 'declared', 'summary.json'), 'utf8'))).toMatchObject({ observed: { declared: { oneTokenPerCustomer: true } } });
    expect(readFileSync(join(dir, 'declared', 'statement.html'), 'utf8')).toContain('every customer used one token');
    expect((await cli('verify', join(dir, 'declared'))).code).toBe(0);
    await cli('observe', '--har', good, '--no-html', '--report-dir', join(dir, 'undeclared'));
    expect(payloadOf('undeclared').predicate.cpfConformance.observation).not.toHaveProperty('oneTokenPerCustomer');
  });

  it('names the mistake of a command line or a file, exit 2', async () => {
    expect(await cli('observe')).toMatchObject({ code: 2, output: expect.stringContaining('observe needs exactly one of --har, --log and --listen') });
    expect(await cli('observe', '--har', good, '--listen', '8080')).toMatchObject({ code: 2, output: expect.stringContaining('(given: --har, --listen)') });
    expect(await cli('observe', '--har', join(dir, 'missing.har'))).toMatchObject({ code: 2, output: expect.stringContaining('missing.har: no such file') });
    expect(await cli('observe', '--har', good, '--upstream', 'http://x')).toMatchObject({ code: 2, output: expect.stringContaining('--upstream belongs to the proxy') });
    expect(await cli('observe', '--listen', '8080')).toMatchObject({ code: 2, output: expect.stringContaining('--listen needs --upstream URL') });
    const broken = join(dir, 'broken.har');
    writeFileSync(broken, '{"log": {"version": "1.2", "entries": [');
    const read = await cli('observe', '--har', broken, '--no-html', '--report-dir', join(dir, 'broken'));
    expect(read.code).toBe(2);
    expect(read.output).toContain('broken.har');
  });
});

describe('observe --listen', () => {
  it('forwards through the recording proxy, judges as traffic passes and writes the reports when stopped', async () => {
    // Compressed for a client that accepts it, as behind most gateways (fetch asks for gzip).
    const upstream = createServer((req, res) => {
      const body = JSON.stringify(req.url === '/api/v2/' ? { name: 'cpf', version: '2.4.0' } : health);
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json', ...(gzip && { 'Content-Encoding': 'gzip' }) });
      res.end(gzip ? gzipSync(body) : body);
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const stop = new AbortController();
    const lines: string[] = [];
    let proxyUrl: (url: string) => void = () => undefined;
    const listening = new Promise<string>((done) => (proxyUrl = done));
    const record = join(dir, 'live.jsonl');
    const exit = runCli(['observe', '--listen', '0', '--upstream', origin, '--record', record, '--no-html', '--report-dir', join(dir, 'live')], {
      out: (line) => {
        lines.push(line);
        const url = /recording proxy on (http:\/\/\S+),/.exec(line)?.[1];
        if (url) proxyUrl(url);
      },
      err: (line) => lines.push(line),
    }, stop.signal);
    const proxy = await listening;
    const answer = await fetch(`${proxy}/api/v2/`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(await answer.json()).toEqual({ name: 'cpf', version: '2.4.0' });
    await fetch(`${proxy}/api/v2/health`);
    stop.abort();
    expect(await exit).toBe(1);
    upstream.close();
    expect(lines.join('\n')).toContain('FAIL META-3');
    // The answers' members and the health answer were read through their compression.
    expect(lines.join('\n')).not.toMatch(/FAIL META-[2457]\b/);
    const summary = JSON.parse(readFileSync(join(dir, 'live', 'summary.json'), 'utf8')) as { target: string; observed: { mode: string; exchanges: number } };
    expect(summary).toMatchObject({ target: `${origin}/api/v2`, observed: { mode: 'proxy', exchanges: 2 } });
    // Judged again from the recording, the same verdicts; the token is nowhere in it.
    expect((await cli('observe', '--log', record, '--no-html', '--report-dir', join(dir, 'replayed'))).code).toBe(1);
    expect(readFileSync(record, 'utf8')).not.toContain(TOKEN);
  });
});
