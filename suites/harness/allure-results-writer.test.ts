import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultsFolderWriter } from './allure-results-writer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the results folder writer', () => {
  it('writes results, attachments and the run files as allure reads them, making the folder on first use', () => {
    const root = mkdtempSync(join(tmpdir(), 'cpf-allure-writer-'));
    dirs.push(root);
    const dir = join(root, 'allure-results');
    const writer = new ResultsFolderWriter(dir);
    writer.writeResult({ uuid: 'r1', name: 'a check' } as Parameters<ResultsFolderWriter['writeResult']>[0]);
    writer.writeAttachment('a1-attachment.txt', Buffer.from('evidence'));
    const source = join(root, 'source.csv');
    writeFileSync(source, 'a,b\n');
    writer.writeAttachmentFromPath('a2-attachment.csv', source);
    writer.writeEnvironmentInfo({ target: 'http://127.0.0.1/api/v2' });
    writer.writeCategoriesDefinitions([]);
    expect(readdirSync(dir).sort()).toEqual(['a1-attachment.txt', 'a2-attachment.csv', 'categories.json', 'environment.properties', 'r1-result.json']);
    expect(JSON.parse(readFileSync(join(dir, 'r1-result.json'), 'utf8'))).toEqual({ uuid: 'r1', name: 'a check' });
    expect(readFileSync(join(dir, 'a1-attachment.txt'), 'utf8')).toBe('evidence');
    expect(readFileSync(join(dir, 'environment.properties'), 'utf8')).toContain('target');
  });
});
