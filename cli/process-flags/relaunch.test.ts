import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TSX_LOADER } from '../../reference-server/src/server-process.js';
import { LIVE_OBSERVE_NODE_FLAGS } from './node-flags.js';

const MAIN = resolve(import.meta.dirname, '../main.ts');
const dir = mkdtempSync(join(tmpdir(), 'cpf-relaunch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command lines of the processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): string[] {
  const lines: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // The process ended while it was read.
    }
  }
  return lines;
}

interface Listening {
  cli: ChildProcess;
  proxy: string;
  exited: Promise<number | null>;
  output: () => string;
  upstream: Server;
}

/** `observe --listen` started as an operator starts it (cli/main.ts), in front of an upstream that answers every request. */
async function observeListen(reportDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Listening> {
  const upstream = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const cli = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'observe', '--listen', '0', '--upstream', origin, '--no-html', '--report-dir', reportDir], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const proxyUrl = new Promise<string>((done) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /recording proxy on (http:\/\/\S+),/.exec(output)?.[1];
      if (url) done(url);
    };
    cli.stdout?.on('data', collect);
    cli.stderr?.on('data', collect);
  });
  const exited = new Promise<number | null>((done) => cli.on('exit', (code) => done(code)));
  const proxy = await Promise.race([proxyUrl, exited.then(() => Promise.reject(new Error(`the CLI ended before its proxy listened:\n${output}`)))]);
  return { cli, proxy, exited, output: () => output, upstream };
}

describe.runIf(process.platform === 'linux')('observe --listen', () => {
  it('runs again with its Node flags, and a SIGTERM to the first process still writes the reports', async () => {
    const reportDir = join(dir, 'live');
    const { cli, proxy, exited, output, upstream } = await observeListen(reportDir);
    const relaunched = childrenOf(cli.pid as number).filter((line) => line.includes(MAIN));
    expect(relaunched, output()).toHaveLength(1);
    for (const flag of LIVE_OBSERVE_NODE_FLAGS) expect(relaunched[0]).toContain(flag);
    expect(await (await fetch(`${proxy}/api/v2/health`)).json()).toEqual({ status: 'ok' });

    cli.kill('SIGTERM');
    const code = await exited;
    upstream.close();
    expect([0, 1], output()).toContain(code);
    expect(existsSync(join(reportDir, 'summary.json')), output()).toBe(true);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { observed: { exchanges: number } };
    expect(summary.observed.exchanges).toBe(1);
  }, 60_000);

  it('runs in the process under an inspector, whose port a second process would find taken', async () => {
    const { cli, exited, output, upstream } = await observeListen(join(dir, 'inspected'), { ...process.env, NODE_OPTIONS: '--inspect=127.0.0.1:0' });
    expect(childrenOf(cli.pid as number).filter((line) => line.includes(MAIN)), output()).toEqual([]);
    cli.kill('SIGTERM');
    await exited;
    upstream.close();
  }, 60_000);
});
