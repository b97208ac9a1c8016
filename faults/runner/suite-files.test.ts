import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suiteFilesFor } from './suite-files.js';

describe('suiteFilesFor', () => {
  const root = mkdtempSync(join(tmpdir(), 'cpf-suite-files-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('suites/auth/auth.conformance.ts', "import './oracle/checks.js';");
  write('suites/auth/oracle/checks.ts', "check('AUTH-23', 'probe', body);");
  write('suites/auth/oracle/checks.test.ts', "it('AUTH-24', body);");
  write('suites/rooms/rooms.conformance.ts', "check('ROOM-2', 'create', body);");
  write('suites/rooms/room-checks.ts', "check('ROOM-3', 'read', body);");
  write('suites/harness/check.ts', "'AUTH-23'");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('selects a conformance file that names the rule itself', () => {
    expect(suiteFilesFor(root, ['ROOM-2'])).toEqual(['suites/rooms/rooms.conformance.ts']);
  });

  it('selects the area of a helper module that names the rule, in its folder or below it', () => {
    expect(suiteFilesFor(root, ['ROOM-3'])).toEqual(['suites/rooms/rooms.conformance.ts']);
    expect(suiteFilesFor(root, ['AUTH-23'])).toEqual(['suites/auth/auth.conformance.ts']);
  });

  it('returns every conformance file when no suite file names the rule (unit tests do not count)', () => {
    expect(suiteFilesFor(root, ['AUTH-24'])).toEqual(['suites/auth/auth.conformance.ts', 'suites/rooms/rooms.conformance.ts']);
  });
});
