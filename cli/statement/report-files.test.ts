import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReportFolder } from '../report-folder/confined-read.js';
import { readResult } from './report-files.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-report-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The suite file of an Allure result whose fullName is as allure-vitest wrote it where the run started. */
function fileOf(fullName: string): string {
  writeFileSync(join(dir, 'r-result.json'), JSON.stringify({ name: '[META-1] GET / answers 200', fullName, status: 'passed', labels: [] }));
  return readResult(ReportFolder.open(dir), 'r-result.json').file;
}

describe('readResult', () => {
  it("names the suite file from the kit's root wherever the run started: a checkout, an installed package, the kit image", () => {
    expect(fileOf('cpf-conformance:suites/meta/meta.conformance.ts#GET / [META-1] GET / answers 200')).toBe('suites/meta/meta.conformance.ts');
    expect(fileOf('implementer-ci:node_modules/cpf-conformance/suites/meta/meta.conformance.ts#GET / [META-1] GET / answers 200')).toBe('suites/meta/meta.conformance.ts');
    expect(fileOf('../opt/cpf-conformance/suites/meta/meta.conformance.ts#GET / [META-1] GET / answers 200')).toBe('suites/meta/meta.conformance.ts');
    // The kit's own results (the preflight's): `cpf-conformance:preflight#...`.
    expect(fileOf('cpf-conformance:preflight#[META-1] GET / answers 200')).toBe('preflight');
  });
});
