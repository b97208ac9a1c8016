import { describe, expect, it } from 'vitest';
import { takeCommandLine } from '../../cli/command-line/flags.js';
import { LATENCY_FLAGS, latencyOptions, reportDirOf } from './latency-flags.js';

/** As conformance:external reads them: its flags taken, the rest left to the CLI. */
function takeLatencyFlags(argv: string[]) {
  const { values, rest } = takeCommandLine(argv, { usage: 'Usage: npm run conformance:external', flags: LATENCY_FLAGS });
  const latency = latencyOptions(values);
  return latency ? { latency, rest } : { rest };
}

describe('latency flags of conformance:external', () => {
  it('takes its flags in both spellings and leaves the rest to the CLI in order', () => {
    expect(takeLatencyFlags(['--area', 'meta', '--latency-ms', '40', '--jitter-ms=30', '--max-floor-ratio', '1.3', '--no-html'])).toEqual({
      latency: { delayMs: 40, jitterMs: 30, maxFloorRatio: 1.3 },
      rest: ['--area', 'meta', '--no-html'],
    });
    expect(takeLatencyFlags(['--latency-ms=25'])).toEqual({ latency: { delayMs: 25, jitterMs: 0 }, rest: [] });
  });

  it('without --latency-ms there is no proxy', () => {
    expect(takeLatencyFlags(['doctor', '--report-dir', 'x'])).toEqual({ rest: ['doctor', '--report-dir', 'x'] });
  });

  it.each([
    [['--latency-ms'], /--latency-ms needs a value\. Fix: /],
    [['--latency-ms', 'fast'], /--latency-ms 'fast' is not a non-negative number\. Fix: /],
    [['--latency-ms', '-5'], /--latency-ms '-5' is not a non-negative number/],
    [['--latency-ms', '10', '--jitter-ms', '20'], /--jitter-ms 20 exceeds --latency-ms 10.*Fix: a jitter of at most 10/],
    [['--jitter-ms', '20'], /--jitter-ms needs --latency-ms\. Fix: add --latency-ms N/],
    [['--latency-ms', '40', '--max-floor-ratio', '0.9'], /--max-floor-ratio 0\.9 is below 1.*Fix: /],
  ])('refuses %j naming the flag and the fix', (argv, message) => {
    expect(() => takeLatencyFlags(argv)).toThrow(message);
  });

  it('finds the report directory the CLI will write to', () => {
    expect(reportDirOf(['--area', 'meta'])).toBe('reports');
    expect(reportDirOf(['--report-dir', 'reports/latency'])).toBe('reports/latency');
    expect(reportDirOf(['--report-dir=out'])).toBe('out');
  });
});
