import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../testing/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-sign-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeKey(name: string, key: KeyObject, type: 'pkcs8' | 'spki'): string {
  const file = join(dir, name);
  writeFileSync(file, key.export({ type, format: 'pem' }));
  return file;
}

const signer = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const privatePem = writeKey('sign.pem', signer.privateKey, 'pkcs8');
const publicPem = writeKey('sign.pub.pem', signer.publicKey, 'spki');
const otherPublicPem = writeKey('other.pub.pem', other.publicKey, 'spki');

describe('npm run conformance -- --sign-key', () => {
  it('signs the statement of a run: verify accepts it with the public key and rejects it with another key', async () => {
    const reports = join(dir, 'reports');
    const run = await cli(['--area', 'meta', '--no-html', '--report-dir', reports, '--sign-key', privatePem]);
    expect(run.code, run.output).toBe(0);
    expect(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')).reports.statement).toContain(join(reports, 'statement.json'));

    const accepted = await cli(['verify', reports, '--key', publicPem]);
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).toContain(`accepted: ${reports}/statement.json (signed by keyid`);

    const rejected = await cli(['verify', reports, '--key', otherPublicPem]);
    expect(rejected.code, rejected.output).toBe(1);
    expect(rejected.output).toMatch(/rejected: .*\n\s+no signature by the given key \(keyid /);
  }, 240_000);

  it.each([
    ['a missing file', () => join(dir, 'absent.pem'), /--sign-key .*absent\.pem: not a readable private key PEM \(.*\)\. Fix: node -e /],
    ['a key that is not Ed25519', () => writeKey('rsa.pem', generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey, 'pkcs8'), /--sign-key .*rsa\.pem: a rsa key; the statement is signed with Ed25519\. Fix: give an Ed25519 private key PEM/],
  ])('refuses %s with exit 2 naming the flag and the fix, before any check runs', async (_case, key, message) => {
    const { code, output } = await cli(['--area', 'meta', '--no-html', '--report-dir', join(dir, 'refused'), '--sign-key', key()]);
    expect(code, output).toBe(2);
    expect(output).toMatch(message);
    expect(output).not.toContain('running checks');
  }, 60_000);
});
