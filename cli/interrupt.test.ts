import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { TSX_LOADER } from '../reference-server/src/server-process.js';

const MAIN = resolve(import.meta.dirname, 'main.ts');

it('Ctrl-C mid-run stops the checks, writes the reports of what finished, removes the bundled target and exits 130', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'cpf-interrupt-'));
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, '--area', 'projects', '--no-html', '--report-dir', reportDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const interruptOnce = (() => {
    let sent = false;
    return () => {
      if (sent) return;
      sent = true;
      // Some checks finish, others are still queued or running.
      setTimeout(() => child.kill('SIGINT'), 1500);
    };
  })();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (/suites\/projects\/\S+: \d+ checks/.test(output)) interruptOnce();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));

  expect(code, output).toBe(130);
  expect(output).toContain('interrupted: stopping the checks');
  const checks = JSON.parse(readFileSync(join(reportDir, 'checks.json'), 'utf8')) as { state: string; note?: string }[];
  expect(checks.some((c) => c.state === 'passed')).toBe(true);
  expect(checks.some((c) => c.state === 'skipped' && c.note?.startsWith('interrupted'))).toBe(true);
  expect(checks.filter((c) => c.state === 'broken' || c.state === 'failed')).toEqual([]);
  expect(statSync(join(reportDir, 'junit.xml')).size).toBeGreaterThan(0);
  expect(existsSync(join(reportDir, 'summary.json'))).toBe(true);
  const tempDir = /database and profile in (\S+)\)/.exec(output)?.[1];
  expect(tempDir, output).toBeDefined();
  expect(existsSync(tempDir as string)).toBe(false);
}, 180_000);
