import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { writeRunEnv } from '../../harness-core/run-env.js';
import LeadAreasThenWeight from './file-order.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-file-order-'));
afterAll(() => {
  writeRunEnv({ leadAreas: undefined });
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `<area>/<name>` of exactly `size` bytes that starts with the given lines. */
function write(area: string, name: string, size: number, ...lines: string[]): string {
  mkdirSync(join(dir, area), { recursive: true });
  const head = lines.map((l) => `${l}\n`).join('');
  writeFileSync(join(dir, area, name), head + '/'.repeat(size - head.length));
  return join(dir, area, name);
}

const spec = (file: string) => ({ moduleId: file }) as TestSpecification;

describe('conformance file order', () => {
  it('puts the lead areas first, then the files by weight, counting the sibling modules an area file registers', async () => {
    const lead = write('lead', 'lead.conformance.ts', 100);
    const alone = write('alone', 'alone.conformance.ts', 5000);
    write('split', 'topic.ts', 8000);
    const split = write('split', 'split.conformance.ts', 200, "import { topicChecks } from './topic.js';");
    const small = write('small', 'small.conformance.ts', 1000);
    writeRunEnv({ leadAreas: ['lead'] });
    const sorted = await new LeadAreasThenWeight({} as Vitest).sort([small, alone, split, lead].map(spec));
    expect(sorted.map((f) => basename(f.moduleId))).toEqual(['lead.conformance.ts', 'split.conformance.ts', 'alone.conformance.ts', 'small.conformance.ts']);
  });
});
