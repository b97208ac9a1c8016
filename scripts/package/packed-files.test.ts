import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClosure } from './import-closure.js';

/**
 * What `npm pack` puts into the kit's package: everything the installed `cpf-conformance` command
 * reaches at run time (the CLI, the suites and their vitest config, the bundled server, the profile
 * schema), and none of the repository's own tests, tooling or reports.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const packed = new Set(
  (JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd: ROOT, encoding: 'utf8' })) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path),
);

/** The conformance suite files, as vitest.conformance.config.ts selects them. */
const suiteFiles = readdirSync(resolve(ROOT, 'suites'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['harness', 'rules', 'contract'].includes(d.name))
  .flatMap((d) => readdirSync(resolve(ROOT, 'suites', d.name)).filter((f) => f.endsWith('.test.ts')).map((f) => `suites/${d.name}/${f}`));

describe('the packed kit', () => {
  it('holds every module the installed command reaches, and the files it reads', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    const config = readFileSync(resolve(ROOT, 'vitest.conformance.config.ts'), 'utf8');
    const configModules = [...config.matchAll(/'\.?\/?(suites\/harness\/[\w-]+\.ts)'/g)].map((m) => m[1] as string);
    expect(configModules).toEqual(expect.arrayContaining(['suites/harness/global-setup.ts', 'suites/harness/progress-reporter.ts']));
    const needed = importClosure(ROOT, [
      pkg.bin['cpf-conformance'] as string,
      'scripts/conformance/main.ts',
      'vitest.conformance.config.ts',
      ...configModules,
      ...suiteFiles,
      // Spawned or read by path, not imported.
      'reference-server/src/main.ts',
    ]);
    const files = [...needed, 'scripts/conformance/allurerc.json', 'fixtures/profile.schema.json', 'fixtures/profile.example.json', 'tsconfig.json', 'package.json', 'README.md'];
    expect(files.filter((f) => !packed.has(f))).toEqual([]);
  });

  it('leaves out the repository tests, its own tooling and reports', () => {
    const unwanted = [...packed].filter(
      (f) =>
        f.startsWith('reference-server/test/') ||
        f.startsWith('reports/') ||
        /^scripts\/.*\.test\.ts$/.test(f) ||
        /^suites\/(harness|rules|contract)\/.*\.test\.ts$/.test(f) ||
        ['scripts/conformance/external-run.ts', 'eslint.config.js', 'vitest.config.ts', 'Dockerfile', '.ci/run'].includes(f),
    );
    expect(unwanted).toEqual([]);
    expect(suiteFiles.length).toBeGreaterThan(10);
  });
});
