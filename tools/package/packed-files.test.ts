import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isConformanceFile } from '../../harness-core/suite-file.js';
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
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(resolve(ROOT, 'suites', d.name)).filter(isConformanceFile).map((f) => `suites/${d.name}/${f}`));

describe('the packed kit', () => {
  it('holds every module the installed command reaches, and the files it reads', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    const config = readFileSync(resolve(ROOT, 'vitest.conformance.config.ts'), 'utf8');
    const configModules = [...config.matchAll(/'\.?\/?(suites\/harness\/[\w-]+\.ts)'/g)].map((m) => m[1] as string);
    expect(configModules).toEqual(expect.arrayContaining(['suites/harness/global-setup.ts', 'suites/harness/progress-reporter.ts']));
    const needed = importClosure(ROOT, [
      pkg.bin['cpf-conformance'] as string,
      'cli/main.ts',
      'vitest.conformance.config.ts',
      ...configModules,
      ...suiteFiles,
      // Spawned or read by path, not imported.
      'reference-server/src/main.ts',
      'load/limiter/main.ts',
      'load/simulate/main.ts',
      'observe/judging-thread/judging-thread-entry.ts',
    ]);
    const files = [...needed, 'reference-server/src/compute/worker-bootstrap.mjs', 'cli/report/allurerc.json', 'spec/profile.schema.json', 'spec/profile.example.json', 'tsconfig.json', 'package.json', 'README.md'];
    expect(files.filter((f) => !packed.has(f))).toEqual([]);
  });

  it('leaves out the unit tests, the fault runner, the developer tooling and reports', () => {
    const unwanted = [...packed].filter(
      (f) =>
        f.startsWith('reference-server/test/') ||
        f.startsWith('reports/') ||
        f.endsWith('.test.ts') ||
        /^(tools|faults\/runner|cli\/testing)\//.test(f) ||
        ['eslint.config.js', 'vitest.config.ts', 'Dockerfile', '.ci/run'].includes(f),
    );
    expect(unwanted).toEqual([]);
    expect(suiteFiles.length).toBeGreaterThan(10);
  });
});
