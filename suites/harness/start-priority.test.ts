import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPriority } from './start-priority.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-start-priority-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(area: string, size: number): string {
  mkdirSync(join(dir, area), { recursive: true });
  writeFileSync(join(dir, area, `${area}.test.ts`), '/'.repeat(size));
  return join(dir, area, `${area}.test.ts`);
}

describe('conformance files start order', () => {
  it('puts the lead areas first, in their order, and the other files by weight', () => {
    const fields = file('projects', 40_000);
    const rooms = file('rooms', 30_000);
    const status = file('status', 2_000);
    const auth = file('auth', 9_000);
    const lead = ['status', 'auth'];
    const order = [rooms, auth, fields, status].sort((a, b) => startPriority(b, lead) - startPriority(a, lead));
    expect(order).toEqual([status, auth, fields, rooms]);
    expect(startPriority(fields, [])).toBeGreaterThan(startPriority(status, []));
  });

  it('puts a quiet file after every other, even in a lead area', () => {
    const status = file('status', 2_000);
    const quiet = join(dir, 'auth', 'existence-oracles.quiet.conformance.ts');
    writeFileSync(quiet, '/'.repeat(50_000));
    expect(startPriority(quiet, ['auth'])).toBeLessThan(startPriority(status, []));
  });
});
