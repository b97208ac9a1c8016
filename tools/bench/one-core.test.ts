import { describe, expect, it } from 'vitest';
import { lastCpu, onCore } from './one-core.js';

describe('one core for a bench child', () => {
  it('takes the highest CPU of the affinity list taskset prints', () => {
    expect(lastCpu("pid 1150's current affinity list: 0,1\n")).toBe(1);
    expect(lastCpu("pid 7's current affinity list: 0-3,6\n")).toBe(6);
    expect(lastCpu("pid 7's current affinity list: 2-5\n")).toBe(5);
    expect(lastCpu("pid 7's current affinity list: 4\n")).toBe(4);
  });

  it('finds none in anything else', () => {
    expect(lastCpu('taskset: failed to get pid 7 affinity')).toBeUndefined();
  });

  it('prefixes the command with taskset only for a core', () => {
    expect(onCore(1, 'node', ['x.js'])).toEqual({ program: 'taskset', args: ['-c', '1', 'node', 'x.js'] });
    expect(onCore(undefined, 'node', ['x.js'])).toEqual({ program: 'node', args: ['x.js'] });
  });
});
