import { describe, expect, it } from 'vitest';
import { helpText, parseCommandLine, takeCommandLine, UnknownFlag, type FlagTable } from './flags.js';
import { HelpRequested, UsageError } from './usage.js';

const flags = {
  out: { type: 'string', placeholder: 'DIR', description: 'where it goes' },
  only: { type: 'string', multiple: true, placeholder: 'ID', description: 'only these\n(repeatable)' },
  check: { type: 'boolean', description: 'check instead of writing' },
} as const satisfies FlagTable;
const command = { usage: 'Usage: npm run thing -- [options] DIR...', flags, positionals: { name: 'DIR...', max: 2 } };

describe('parseCommandLine', () => {
  it('reads both spellings, keeps repeated values in order, and takes values starting with a dash', () => {
    expect(parseCommandLine(['a', '--out=x', '--only', '-1', '--only', 'b', '--check', 'b'], command)).toEqual({
      values: { out: 'x', only: ['-1', 'b'], check: true },
      positionals: ['a', 'b'],
    });
  });

  it('prints the help from the table, whatever else is given', () => {
    for (const argv of [['--help'], ['--bogus', '-h']]) {
      expect(() => parseCommandLine(argv, command)).toThrow(HelpRequested);
    }
    expect(helpText(command)).toBe(
      [
        'Usage: npm run thing -- [options] DIR...',
        '  --out DIR           where it goes',
        '  --only ID           only these',
        '                      (repeatable)',
        '  --check             check instead of writing',
        '  -h, --help          print this help',
      ].join('\n'),
    );
  });

  it.each([
    [['--bogus'], UnknownFlag, /^unknown option '--bogus'\. Fix: use one of --out, --only, --check \(see --help\)$/],
    [['--out'], UsageError, /^--out needs a value\. Fix: --out DIR/],
    [['--out='], UsageError, /^--out needs a value\./],
    [['--check=yes'], UsageError, /^--check takes no value\. Fix: --check alone/],
    [['a', 'b', 'c'], UsageError, /^too many arguments \(at most 2: DIR\.\.\.\), got also 'c'\. Fix: Usage: npm run thing/],
  ])('refuses %j naming the flag and the fix', (argv, type, message) => {
    expect(() => parseCommandLine(argv, command)).toThrow(type);
    expect(() => parseCommandLine(argv, command)).toThrow(message);
  });

  it('refuses bare arguments where the command takes none, and too few where it needs them', () => {
    expect(() => parseCommandLine(['x'], { usage: 'Usage: npm run none', flags: {} })).toThrow(/^unexpected argument 'x'\. Fix: Usage: npm run none$/);
    expect(() => parseCommandLine(['--x'], { usage: 'Usage: npm run none', flags: {} })).toThrow(/Fix: it takes no options/);
    expect(() => parseCommandLine(['a'], { usage: 'Usage: diff OLD NEW', flags: {}, positionals: { name: 'OLD NEW', min: 2 } })).toThrow(/^missing OLD NEW \(got 1 of at least 2 arguments\)\. Fix: Usage: diff OLD NEW$/);
  });
});

describe('takeCommandLine', () => {
  it('takes its own flags and keeps everything else in order for the other command', () => {
    expect(takeCommandLine(['--area', 'meta', '--out', 'x', '--no-html', 'doctor', '--only=a'], command)).toEqual({
      values: { out: 'x', only: ['a'] },
      rest: ['--area', 'meta', '--no-html', 'doctor'],
    });
    expect(() => takeCommandLine(['--area', 'meta', '--out'], command)).toThrow(/^--out needs a value\./);
    expect(() => takeCommandLine(['--area', '-h'], command)).toThrow(HelpRequested);
  });
});
