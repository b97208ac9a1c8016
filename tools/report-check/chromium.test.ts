import { describe, expect, it } from 'vitest';
import { absentChromium, findChromium } from './chromium.js';

const only = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findChromium', () => {
  it('takes CPF_CHROMIUM over anything on PATH', () => {
    expect(findChromium({ CPF_CHROMIUM: '/opt/chrome/chrome', PATH: '/usr/bin' }, only('/opt/chrome/chrome', '/usr/bin/chromium'))).toEqual({ kind: 'found', path: '/opt/chrome/chrome' });
  });

  it('reports a CPF_CHROMIUM that is not executable instead of searching on', () => {
    const lookup = findChromium({ CPF_CHROMIUM: '/nope/chromium', PATH: '/usr/bin' }, only('/usr/bin/chromium'));
    expect(lookup.kind).toBe('invalid');
    expect(lookup.kind === 'invalid' && lookup.message).toMatch(/CPF_CHROMIUM=\/nope\/chromium is not an executable file/);
  });

  it('searches PATH in order, chromium before chromium-browser', () => {
    const env = { PATH: '/snap/bin:/usr/local/bin' };
    expect(findChromium(env, only('/usr/local/bin/chromium', '/snap/bin/chromium-browser'))).toEqual({ kind: 'found', path: '/snap/bin/chromium-browser' });
    expect(findChromium(env, only('/usr/local/bin/chromium', '/usr/local/bin/chromium-browser'))).toEqual({ kind: 'found', path: '/usr/local/bin/chromium' });
  });

  it("falls back to Debian's /usr/bin/chromium when PATH lacks /usr/bin", () => {
    expect(findChromium({ PATH: '/opt/bin' }, only('/usr/bin/chromium'))).toEqual({ kind: 'found', path: '/usr/bin/chromium' });
    expect(findChromium({}, only('/usr/bin/chromium'))).toEqual({ kind: 'found', path: '/usr/bin/chromium' });
  });

  it('looks at each place once and reports absence when nothing is there', () => {
    const asked: string[] = [];
    const lookup = findChromium({ PATH: '/a::/usr/bin' }, (path) => {
      asked.push(path);
      return false;
    });
    expect(lookup).toEqual({ kind: 'absent' });
    expect(asked).toEqual(['/a/chromium', '/a/chromium-browser', '/usr/bin/chromium', '/usr/bin/chromium-browser']);
  });
});

describe('absentChromium', () => {
  it('skips with exit 0 and names the apt package', () => {
    const outcome = absentChromium({});
    expect(outcome.code).toBe(0);
    expect(outcome.message).toMatch(/SKIPPED/);
    expect(outcome.message).toContain('apt-get install chromium');
  });

  it('fails with exit 1 under CPF_REQUIRE_CHROMIUM=1', () => {
    const outcome = absentChromium({ CPF_REQUIRE_CHROMIUM: '1' });
    expect(outcome.code).toBe(1);
    expect(outcome.message).toMatch(/FAILED.*CPF_REQUIRE_CHROMIUM=1/);
    expect(outcome.message).toContain('apt-get install chromium');
  });
});
