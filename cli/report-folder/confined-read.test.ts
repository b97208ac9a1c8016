import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReportFolder } from './confined-read.js';

const root = mkdtempSync(join(tmpdir(), 'cpf-confined-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the confined reader', () => {
  it('reads a symlink that stays inside the folder, and refuses past the folder cap (each file counted once)', () => {
    const dir = join(root, 'capped');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, name), 'x'.repeat(40));
    symlinkSync(join(dir, 'a'), join(dir, 'sub', 'link'));
    const folder = ReportFolder.open(dir, { fileBytes: 50, folderBytes: 100 });
    expect(folder.readText('sub/link')).toBe('x'.repeat(40));
    expect(folder.read('a')).toHaveLength(40);
    expect(folder.read('b')).toHaveLength(40);
    expect(() => folder.read('c')).toThrow(`${dir}/c: refused: the folder's files together exceed the cap of 100 bytes`);
  });

  it('refuses a file over the per-file cap', () => {
    const dir = join(root, 'big');
    mkdirSync(dir);
    writeFileSync(join(dir, 'big'), 'x'.repeat(51));
    expect(() => ReportFolder.open(dir, { fileBytes: 50, folderBytes: 100 }).read('big')).toThrow('refused: larger than the cap of 50 bytes per file (51 bytes)');
  });
});
