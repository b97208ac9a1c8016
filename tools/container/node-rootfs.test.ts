import { existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_DEST, rootfsFiles, rootfsHash, sharedLibraries, writeRootfs } from './node-rootfs.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-rootfs-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the base image root file system', () => {
  it("takes this machine's node with every library ldd names, and a shell", () => {
    const files = rootfsFiles();
    const byDest = new Map(files.map((f) => [f.dest, f.source]));
    expect(byDest.get(NODE_DEST)).toBe(realpathSync(process.execPath));
    expect(byDest.get(join(realpathSync('/bin'), 'sh'))).toBe(realpathSync('/bin/sh'));
    const libs = sharedLibraries(process.execPath);
    expect(libs.some((lib) => /\/libc\.so\.6$/.test(lib))).toBe(true);
    for (const lib of libs) expect(byDest.get(join(realpathSync(resolve(lib, '..')), lib.split('/').pop() as string)), lib).toBe(realpathSync(lib));
  });

  it('names no library for a static binary', () => {
    // esbuild's binary (a tsx dependency) is a static Go program.
    const esbuild = resolve(import.meta.dirname, `../../node_modules/@esbuild/${process.platform}-${process.arch}/bin/esbuild`);
    expect(existsSync(esbuild), esbuild).toBe(true);
    expect(sharedLibraries(esbuild)).toEqual([]);
  });

  it('lays the files out so the loader and libraries are found where ldd named them', () => {
    const dir = tempDir();
    writeRootfs(dir, rootfsFiles());
    for (const lib of sharedLibraries(process.execPath)) expect(existsSync(join(dir, lib)), lib).toBe(true);
    expect(existsSync(join(dir, '/bin/sh'))).toBe(true);
    expect(lstatSync(join(dir, NODE_DEST)).mode & 0o111).not.toBe(0);
    expect(lstatSync(join(dir, 'tmp')).mode & 0o7777).toBe(0o1777);
    expect(readFileSync(join(dir, 'etc/passwd'), 'utf8')).toMatch(/^node:x:1000:1000:/m);
  });

  it('hashes what the files hold: the same files give the same name, another content another', () => {
    const dir = tempDir();
    const source = join(dir, 'lib');
    writeFileSync(source, 'one');
    const files = [{ dest: '/usr/lib/libx.so.1', source }];
    const first = rootfsHash(files);
    expect(rootfsHash(files)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    writeFileSync(source, 'two');
    expect(rootfsHash(files)).not.toBe(first);
  });
});
