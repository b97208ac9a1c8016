import { describe, expect, it } from 'vitest';
import { armsEcdfSvg } from './arms-ecdf-svg.js';

/** Tags close in the order they opened and text holds no raw markup: enough to catch a broken string. */
function wellFormed(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^<>]*?(\/?)>/g)) {
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) open.push(name as string);
  }
  const text = svg.replace(/<[^<>]*>/g, '');
  return open.length === 0 && !/[<>]|&(?!(amp|lt|gt|quot|#\d+);)/.test(text);
}

const xTicks = (svg: string) => [...svg.matchAll(/class="x-tick"[^>]*>([^<]*)</g)].map((m) => Number(m[1]));
const times = (n: number, from: number, by: number) => Array.from({ length: n }, (_, i) => from + i * by);

describe('armsEcdfSvg', () => {
  it('draws a well-formed standalone SVG with both arms in the legend', () => {
    const svg = armsEcdfSvg({ foreignMs: times(24, 1, 0.1), missingMs: times(23, 1.2, 0.1), title: 'existence oracle' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>existence oracle</title>');
    expect(svg).toContain('foreign (n = 24)');
    expect(svg).toContain('never-existing (n = 23)');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(wellFormed(svg)).toBe(true);
  });

  it('escapes the title', () => {
    const svg = armsEcdfSvg({ foreignMs: [1], missingMs: [2], title: 'a <b> & "c"' });
    expect(svg).toContain('<title>a &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(svg).not.toContain('<b>');
    expect(wellFormed(svg)).toBe(true);
  });

  it("writes each arm's median and p90 to 3 significant digits", () => {
    const svg = armsEcdfSvg({ foreignMs: [4, 1, 3, 2], missingMs: [10, 30, 20], title: 't' });
    expect(svg).toContain('foreign: median 2.50 ms, p90 3.70 ms');
    expect(svg).toContain('never-existing: median 20.0 ms, p90 28.0 ms');
  });

  it('clips the x axis at p99 and says how many values lie beyond', () => {
    const svg = armsEcdfSvg({ foreignMs: times(20, 1, 0.05), missingMs: [...times(20, 1.1, 0.05), 1000], title: 't' });
    expect(svg).toMatch(/x axis clipped at p99 = 2\.05 ms \(axis to [\d.]+ ms\); 1 value beyond/);
    expect(Math.max(...xTicks(svg))).toBeLessThan(3);
    expect(svg).toContain('never-existing (n = 21)');
    expect(wellFormed(svg)).toBe(true);
  });

  it('leaves the note out when nothing is clipped', () => {
    expect(armsEcdfSvg({ foreignMs: [1, 2], missingMs: [1.5, 2], title: 't' })).not.toContain('clipped');
  });

  it.each([
    [5.1, 14.9],
    [0.99, 5.01],
    [0.3, 0.7],
    [1, 1000],
    [120, 121.7],
    [0.0123, 0.0456],
  ])('labels %s..%s ms with 4 to 6 evenly spaced ticks that cover the values', (lo, hi) => {
    const ticks = xTicks(armsEcdfSvg({ foreignMs: [lo, hi], missingMs: [lo, hi], title: 't' }));
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks[0]).toBeLessThanOrEqual(lo);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(hi);
    const steps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    for (const s of steps) expect(s).toBeCloseTo(steps[0] as number, 9);
  });

  it('draws equal values without dividing by zero', () => {
    for (const v of [5, 0]) {
      const svg = armsEcdfSvg({ foreignMs: [v, v, v], missingMs: [v, v], title: 't' });
      expect(svg).not.toMatch(/NaN|Infinity/);
      expect(svg).toContain('foreign (n = 3)');
      expect(xTicks(svg).length).toBeGreaterThanOrEqual(4);
      expect(wellFormed(svg)).toBe(true);
    }
  });

  it('leaves out times that are not finite', () => {
    const svg = armsEcdfSvg({ foreignMs: [1, Number.NaN, 2, Number.POSITIVE_INFINITY], missingMs: [1.5, Number.NEGATIVE_INFINITY], title: 't' });
    expect(svg).toContain('foreign (n = 2)');
    expect(svg).toContain('never-existing (n = 1)');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('says so when no pair answered 404 on both arms', () => {
    for (const input of [
      { foreignMs: [], missingMs: [] },
      { foreignMs: [Number.NaN], missingMs: [1] },
    ]) {
      const svg = armsEcdfSvg({ ...input, title: 'empty' });
      expect(svg).toContain('no pairs answered 404 on both arms');
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).not.toMatch(/NaN|Infinity/);
      expect(wellFormed(svg)).toBe(true);
    }
  });
});
