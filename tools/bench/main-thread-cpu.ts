import { readFileSync } from 'node:fs';

/**
 * CPU ms the process's main thread has used (its event loop and JavaScript, not the worker
 * threads, nor V8's helper threads that collect and compile beside it): Linux keeps it per thread in
 * /proc (utime and stime, in clock ticks of 10 ms); NaN elsewhere.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
