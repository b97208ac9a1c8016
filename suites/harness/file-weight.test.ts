import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileWeight } from './file-weight.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-file-weight-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file of exactly `size` bytes that starts with the given lines. */
function write(name: string, size: number, ...lines: string[]): string {
  const head = lines.map((l) => `${l}\n`).join('');
  writeFileSync(join(dir, name), head + '/'.repeat(size - head.length));
  return join(dir, name);
}

describe('conformance file weight', () => {
  it('adds the modules a test file loads, directly and through each other, and splits a module two test files load', () => {
    write('shared.ts', 1000);
    write('topic.ts', 3000, "import { x } from './shared.js';", "import { y } from './deep.js';");
    write('deep.ts', 500);
    write('unused.ts', 7000);
    const area = write('area.conformance.ts', 200, "import { topicChecks } from './topic.js';");
    const other = write('other.conformance.ts', 300, "import { z } from './shared.js';");
    expect(fileWeight(area)).toBe(200 + 3000 + 500 + 1000 / 2);
    expect(fileWeight(other)).toBe(300 + 1000 / 2);
  });
});
