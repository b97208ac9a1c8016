import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionPackages } from './test-image.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe("the test image's dependencies", () => {
  it('are the top-level packages npm ci --omit=dev keeps that are on disk', () => {
    const lockfile = {
      packages: {
        '': {},
        'node_modules/express': {},
        'node_modules/@esbuild/linux-x64': {},
        'node_modules/@esbuild/darwin-arm64': {},
        'node_modules/eslint': { dev: true },
        'node_modules/express/node_modules/debug': {},
      },
    };
    const onDisk = new Set(['node_modules/express', 'node_modules/@esbuild/linux-x64', 'node_modules/eslint']);
    expect(productionPackages(lockfile, (p) => onDisk.has(p))).toEqual(['node_modules/@esbuild/linux-x64', 'node_modules/express']);
  });

  it("include what the server runs with from this checkout's lockfile, and no dev tool", () => {
    const lockfile = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Parameters<typeof productionPackages>[0];
    const packages = productionPackages(lockfile, (p) => existsSync(join(ROOT, p)));
    for (const needed of ['better-sqlite3', 'express', 'tsx', 'zod', 'pdf-lib']) expect(packages, needed).toContain(`node_modules/${needed}`);
    for (const dev of ['eslint', 'typescript', '@redocly/cli']) expect(packages, dev).not.toContain(`node_modules/${dev}`);
  });
});
