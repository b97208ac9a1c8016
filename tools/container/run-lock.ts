import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One container test per machine at a time. Runs from two checkouts share the engine, the image
 * tag and the label by which leftovers are found: without this, one run's start removed the
 * other's live container as "left behind", and a run stopped the dockerd it had started while
 * the other still used it. A lock whose process is gone (killed) is taken over.
 */
export async function acquireRunLock(path: string, log: (line: string) => void, timeoutMs: number, signal: AbortSignal): Promise<() => void> {
  const deadline = performance.now() + timeoutMs;
  let announced: number | undefined;
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => release(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(path);
    if (holder !== undefined && !alive(holder)) {
      log(`taking over the lock ${path} of process ${holder}, which is gone`);
      removeIfHeldBy(path, holder);
      continue;
    }
    if (signal.aborted) throw new Error(`interrupted while waiting for ${path}`);
    const who = holder === undefined ? 'a process that has not written its pid yet' : `process ${holder}`;
    if (performance.now() > deadline) throw new Error(`another container test (${who}) still holds ${path} after ${timeoutMs / 1000} s. Fix: wait for it, or remove the file if no such test runs`);
    if (holder !== announced) {
      log(`waiting for the container test of ${who} to finish (lock ${path})`);
      announced = holder;
    }
    await sleep(1000);
  }
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function removeIfHeldBy(path: string, pid: number): void {
  if (holderOf(path) !== pid) return;
  try {
    unlinkSync(path);
  } catch {
    // Another waiter took it over first.
  }
}

function release(path: string): void {
  removeIfHeldBy(path, process.pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
