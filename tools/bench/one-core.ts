import { spawnSync } from 'node:child_process';

/**
 * The core a bench child is pinned to, so that "per second on one core" is measured as asked: the
 * child and every helper thread V8 runs beside it (collecting, compiling) share that core, and what
 * the machine's other cores do does not move the figure. Unpinned, V8 spreads its collections over
 * every core, and their CPU seconds add up to more than one core spends on the same work.
 *
 * Linux only, with util-linux's `taskset`: the last core the bench itself may run on (the bench
 * waits while its child runs). Elsewhere, or without `taskset`, undefined, with the reason.
 */
export function oneCore(): { cpu: number } | { cpu: undefined; reason: string } {
  if (process.platform !== 'linux') return { cpu: undefined, reason: `${process.platform} has no taskset` };
  const asked = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
  if (asked.error !== undefined) return { cpu: undefined, reason: 'taskset not found (Debian: apt-get install util-linux)' };
  if (asked.status !== 0) return { cpu: undefined, reason: `taskset -cp failed: ${asked.stderr.trim()}` };
  const cpu = lastCpu(asked.stdout);
  return cpu === undefined ? { cpu: undefined, reason: `taskset printed no affinity list: ${asked.stdout.trim()}` } : { cpu };
}

/** The highest CPU of an affinity list as `taskset -cp` prints it ("pid 7's current affinity list: 0-3,6"). */
export function lastCpu(printed: string): number | undefined {
  const list = /affinity list:\s*([\d,\s-]+)$/m.exec(printed)?.[1];
  if (list === undefined) return undefined;
  const ends = list.split(',').map((range) => Number(range.trim().split('-').pop()));
  return ends.every(Number.isInteger) ? Math.max(...ends) : undefined;
}

/** The command that runs `program` with `args` on `cpu`, or as it is without one. */
export function onCore(cpu: number | undefined, program: string, args: readonly string[]): { program: string; args: string[] } {
  return cpu === undefined ? { program, args: [...args] } : { program: 'taskset', args: ['-c', String(cpu), program, ...args] };
}
