import { describe, expect, it } from 'vitest';
import { HelpRequested } from '../../cli/command-line/usage.js';
import { parseLimiterOptions } from './options.js';

describe('load:limiter options', () => {
  it('default to the bundled server, the primary customer, 200 connections for 30 s', () => {
    expect(parseLimiterOptions(['--seed', '7'])).toEqual({ customer: 'primary', connections: 200, duration: 30, seed: 7, report: 'reports/load/limiter.json' });
  });

  it('take every flag of the table', () => {
    const o = parseLimiterOptions(['--base-url', 'http://h/api/v2', '--profile', 'p.json', '--customer', 'pool:1', '--connections', '20', '--tokens', '2', '--duration', '10', '--report', 'r.json', '--fault', 'limiter-queueing']);
    expect(o).toMatchObject({ baseUrl: 'http://h/api/v2', profile: 'p.json', customer: 'pool:1', connections: 20, tokens: 2, duration: 10, report: 'r.json', fault: 'limiter-queueing' });
  });

  it('refuse what it cannot run, naming the fix', () => {
    expect(() => parseLimiterOptions(['--duration', '2'])).toThrow("--duration '2' is invalid. Fix: a number >= 3");
    expect(() => parseLimiterOptions(['--connections', '0'])).toThrow(/--connections '0' is invalid/);
    expect(() => parseLimiterOptions(['--rate', '1'])).toThrow(/unknown option '--rate'/);
    expect(() => parseLimiterOptions(['-h'])).toThrow(HelpRequested);
  });
});
