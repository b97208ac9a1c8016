import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireRunLock } from './run-lock.js';

const dirs: string[] = [];
const lockPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-lock-test-'));
  dirs.push(dir);
  return join(dir, 'test.lock');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const never = new AbortController().signal;

describe('one container test per machine', () => {
  it('holds the lock with its pid and gives it back', async () => {
    const path = lockPath();
    const release = await acquireRunLock(path, () => {}, 1000, never);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path)).toBe(false);
  });

  it('waits while a live process holds it, naming that process, and gives up at its bound', async () => {
    const path = lockPath();
    writeFileSync(path, String(process.ppid));
    const lines: string[] = [];
    await expect(acquireRunLock(path, (line) => lines.push(line), 1500, never)).rejects.toThrow(`process ${process.ppid}`);
    expect(lines).toEqual([`waiting for the container test of process ${process.ppid} to finish (lock ${path})`]);
    expect(readFileSync(path, 'utf8')).toBe(String(process.ppid));
  });

  it('stops waiting when interrupted', async () => {
    const path = lockPath();
    writeFileSync(path, String(process.ppid));
    const interrupt = new AbortController();
    const waiting = acquireRunLock(path, () => {}, 60_000, interrupt.signal);
    interrupt.abort();
    await expect(waiting).rejects.toThrow(/interrupted/);
  });

  it('takes over the lock of a process that is gone', async () => {
    const path = lockPath();
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(path, String(gone));
    const lines: string[] = [];
    const release = await acquireRunLock(path, (line) => lines.push(line), 1000, never);
    expect(lines).toEqual([`taking over the lock ${path} of process ${gone}, which is gone`]);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    release();
  });
});
