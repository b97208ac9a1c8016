import { describe, expect, it } from 'vitest';
import { parseRunOptions, rulesPattern, USAGE } from './options.js';
import { HelpRequested } from './command-line/usage.js';

describe('the run command line', () => {
  it('reads every flag of a run into its options', () => {
    expect(
      parseRunOptions([
        'doctor', '--base-url', 'http://127.0.0.1:8080/api/v2/', '--profile=p.json', '--rules', 'PROJ-12,AUTH-*', '--area', 'meta', '--area=auth',
        '--file', 'suites/meta/meta.conformance.ts', '--read-only', '--no-html', '--no-preflight', '--expect', 'e.json', '--report-dir', 'out',
        '--shard', '2/3', '--webhook-receiver', '8099', '--explore-runs', '8', '--explore-seconds', '30', '--seed', '-5', '--sign-key', 'k.pem', '--workers', '2',
      ]),
    ).toEqual({
      command: 'doctor', baseUrl: 'http://127.0.0.1:8080/api/v2', profile: 'p.json', image: undefined, rules: ['PROJ-12', 'AUTH-*'], areas: ['meta', 'auth'],
      files: ['suites/meta/meta.conformance.ts'], readOnly: true, html: false, preflight: false, expect: 'e.json', reportDir: 'out', shard: { index: 2, count: 3 },
      webhookReceiver: 8099, exploreRuns: 8, exploreSeconds: 30, seed: -5, vary: [], signKey: 'k.pem', workers: 2,
    });
    expect(parseRunOptions(['--rerun-failed', 'old', '--area', 'meta'])).toMatchObject({ rerunFailed: 'old', areas: ['meta'], rules: [] });
    expect(parseRunOptions(['--allure-history', '/cache/h.jsonl'])).toMatchObject({ allureHistory: '/cache/h.jsonl', html: true });
    expect(parseRunOptions(['--vary', 'a-b,c', '--vary', 'all'])).toMatchObject({ command: 'run', vary: ['a-b', 'c', 'all'], reportDir: 'reports', html: true, preflight: true });
  });

  it.each([
    [['--bogus'], /^unknown option '--bogus'\. Fix: use one of --base-url, .* \(see --help\)$/],
    [['--report-dir'], /^--report-dir needs a value\. Fix: --report-dir DIR/],
    [['--base-url', 'ftp://x/api/v2', '--profile', 'p'], /^--base-url must be http\(s\)/],
    [['--area', 'meta,nope'], /^--area 'nope' is unknown\. Fix: one of meta, /],
    [['--file', 'suites/x.ts'], /^--file 'suites\/x\.ts' is not a suite file\. Fix: /],
    [['--webhook-receiver', '70000'], /^--webhook-receiver '70000' is not a port\. Fix: /],
    [['--explore-runs', '0'], /^--explore-runs '0' is not a count\. Fix: .* --explore-runs 8$/],
    [['--workers', 'many'], /^--workers 'many' is not a count\. Fix: .* --workers 2$/],
    [['--shard', '4/3'], /^--shard '4\/3' is invalid\. Fix: /],
    [['--tokens', 't'], /^--tokens belongs to init\. Fix: npm run conformance -- init /],
    [['--allure-history', 'h.jsonl', '--no-html'], /^--allure-history keeps the history of the HTML reports, and --no-html builds none\. Fix: /],
    [['--rerun-failed', 'old', '--rules', 'PROJ-12'], /^--rerun-failed selects the rules of old's failed checks itself; .* Fix: drop --rules and --file/],
    [['stray'], /^unexpected argument 'stray'\. Fix: Usage: npm run conformance/],
  ])('refuses %j naming the flag and the fix', (argv, message) => {
    expect(() => parseRunOptions(argv)).toThrow(message);
  });

  it('prints the usage of every subcommand on --help', () => {
    expect(() => parseRunOptions(['doctor', '-h'])).toThrow(HelpRequested);
    for (const part of ['--base-url URL', '--vary NAME', '--allure-history FILE', '--rerun-failed DIR', 'Subcommand doctor', 'Subcommand init', '--tokens FILE', 'Subcommand verify', 'Subcommand diff', 'Exit codes']) {
      expect(USAGE).toContain(part);
    }
  });
});

describe('the title filter of rule patterns', () => {
  it('selects by ID and prefix, never a neighbour with more digits', () => {
    const pattern = rulesPattern(['PROJ-1', 'AUTH-*']) as RegExp;
    expect(pattern.test('[PROJ-1] creates')).toBe(true);
    expect(pattern.test('[PROJ-12] lists')).toBe(false);
    expect(pattern.test('[META-1 AUTH-10] answers')).toBe(true);
  });

  it('takes text from a report folder literally: no expression runs, none fails to compile', () => {
    const pattern = rulesPattern(['(.*.*)*Q', '(']) as RegExp;
    expect(pattern.test(`[${'a'.repeat(40)}] a title`)).toBe(false);
    expect(pattern.test('[PROJ-1] a title')).toBe(false);
    expect(pattern.source).toContain('\\(\\.\\*\\.\\*\\)\\*Q');
  });
});
