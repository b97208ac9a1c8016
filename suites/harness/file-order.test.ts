import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirst from './file-order.js';

const spec = (file: string) => ({ moduleId: resolve(import.meta.dirname, '..', file) }) as TestSpecification;

describe('conformance file order', () => {
  it('puts an area file that registers its sibling modules (results) before a larger file that holds its checks alone (status)', async () => {
    const files = ['meta/meta.conformance.ts', 'status/status.conformance.ts', 'results/results.conformance.ts', 'explore/explore.conformance.ts'].map(spec);
    const sorted = await new LongestFirst({} as Vitest).sort(files);
    const order = sorted.map((f) => f.moduleId.split('/suites/')[1]);
    expect(order.indexOf('results/results.conformance.ts')).toBeLessThan(order.indexOf('status/status.conformance.ts'));
    expect(order.at(-1)).toBe('meta/meta.conformance.ts');
    expect(order[0]).toBe('explore/explore.conformance.ts');
  });
});
