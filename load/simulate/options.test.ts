import { describe, expect, it } from 'vitest';
import { HelpRequested, UsageError } from '../../cli/command-line/usage.js';
import { parseSimulateOptions } from './options.js';

describe('load:simulate options', () => {
  it('set the knobs given, and remember which were given', () => {
    const o = parseSimulateOptions(['--customers', '50', '--duration=15', '--mix', 'results=20', '--mix', 'createRoom=0', '--max-p99', '800', '--max-p99', 'results=400']);
    expect(o).toMatchObject({ command: 'run', customers: 50, durationSeconds: 15 });
    expect(o.given).toEqual(['customers', 'durationSeconds']);
    expect(o.weights).toMatchObject({ results: 20, createRoom: 0 });
    expect(o.thresholds.maxP99Ms).toMatchObject({ results: 400, list: 800 });
  });

  it('take the shard from --shard, from --shard-index counted from 0, or from CPF_SHARD, each shard reporting into a folder of its own', () => {
    const external = ['--base-url', 'http://x', '--tokens', 't'];
    expect(parseSimulateOptions([...external, '--shard', '2/3'], {})).toMatchObject({ shard: { index: 2, count: 3 }, reportDir: 'reports/load/simulate/shard-2-of-3' });
    expect(parseSimulateOptions([...external, '--shard-index', '0/4'], {}).shard).toEqual({ index: 1, count: 4 });
    expect(parseSimulateOptions(external, { CPF_SHARD: '2/2' }).shard).toEqual({ index: 2, count: 2 });
    expect(parseSimulateOptions([...external, '--shard', '1/2'], { CPF_SHARD: '2/2' }).shard).toEqual({ index: 1, count: 2 });
    expect(parseSimulateOptions([...external, '--shard', '1/2', '--report-dir', 'out'], {}).reportDir).toBe('out');
    expect(parseSimulateOptions(external, {}).shard).toBeUndefined();
    expect(() => parseSimulateOptions([...external, '--shard-index', '4/4'], {})).toThrow(/--shard-index '4\/4' is invalid\. Fix: k\/n with 0 <= k < n/);
    expect(() => parseSimulateOptions(external, { CPF_SHARD: '{{.Task.Slot}}/2' })).toThrow(/CPF_SHARD '\{\{\.Task\.Slot\}\}\/2' is invalid/);
    expect(() => parseSimulateOptions([...external, '--shard', '1/2', '--shard-index', '0/2'], {})).toThrow(UsageError);
    // merge reads result files: a shard's env does not make it a shard.
    const merge = parseSimulateOptions(['merge', 'a/result.json'], { CPF_SHARD: '1/2' });
    expect([merge.shard, merge.reportDir]).toEqual([undefined, 'reports/load/simulate']);
  });

  it('take result files after merge only', () => {
    expect(parseSimulateOptions(['merge', 'a/result.json', 'b/result.json']).files).toEqual(['a/result.json', 'b/result.json']);
    expect(() => parseSimulateOptions(['merge'])).toThrow(/merge needs the result.json files/);
    expect(() => parseSimulateOptions(['a/result.json'])).toThrow(UsageError);
  });

  it('name the flag and the fix of every mistake', () => {
    expect(() => parseSimulateOptions(['--rate', '3'])).toThrow("--rate '3' is invalid. Fix: a number from 0 to 2");
    expect(() => parseSimulateOptions(['--shard', '3/2', '--base-url', 'http://x', '--tokens', 't'])).toThrow(/--shard '3\/2' is invalid/);
    expect(() => parseSimulateOptions(['--max-p99', 'nothing=5'])).toThrow(/unknown operation nothing/);
    expect(() => parseSimulateOptions(['--speed', '3'])).toThrow(/unknown option '--speed'/);
    expect(() => parseSimulateOptions(['--duration'])).toThrow(/--duration needs a value/);
    expect(() => parseSimulateOptions(['--bare', '--fault', 'x'])).toThrow(/--bare starts its own bare server/);
    expect(() => parseSimulateOptions(['--help'])).toThrow(HelpRequested);
  });

  it('take --record FILE for a run against the bundled server or a --base-url target, not for --bare or merge', () => {
    expect(parseSimulateOptions(['--record', 'x.jsonl']).record).toBe('x.jsonl');
    expect(parseSimulateOptions(['--record', 'x.jsonl', '--base-url', 'http://x', '--tokens', 't', '--shard', '1/2']).record).toBe('x.jsonl');
    expect(() => parseSimulateOptions(['--record', 'x.jsonl', '--bare'])).toThrow(/--record judges a target's traffic; the bare server is no API/);
    expect(() => parseSimulateOptions(['merge', '--record', 'x.jsonl', 'a/result.json'])).toThrow(/--record records a run's traffic; merge sends none/);
    expect(() => parseSimulateOptions(['--record='])).toThrow('--record needs a value. Fix: --record FILE (see --help)');
  });
});
