import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from '../options.js';
import { verifyStatement } from './verify-statement.js';

export const VERIFY_USAGE = 'npm run conformance -- verify DIR [--key PUBLIC_KEY_PEM]';

/** `verify DIR [--key FILE]`: 0 accepted, 1 rejected (each reason printed); usage errors throw (exit 2). */
export function verifyCommand(args: readonly string[], log: (line: string) => void): number {
  let dir: string | undefined;
  let keyFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--key' || arg.startsWith('--key=')) {
      keyFile = arg === '--key' ? args[++i] : arg.slice('--key='.length);
      if (!keyFile) throw new UsageError(`--key needs a value. Fix: ${VERIFY_USAGE}`);
    } else if (arg.startsWith('--')) throw new UsageError(`verify does not take ${arg.split('=')[0]}. Fix: ${VERIFY_USAGE}`);
    else if (dir === undefined) dir = arg;
    else throw new UsageError(`verify takes one report dir, got also '${arg}'. Fix: ${VERIFY_USAGE}`);
  }
  if (dir === undefined) throw new UsageError(`verify needs the report dir. Fix: ${VERIFY_USAGE}`);
  const outcome = verifyStatement(dir, keyFile === undefined ? undefined : publicKeyOf(keyFile));
  if (outcome.accepted) {
    log(`accepted: ${dir}/statement.json (${outcome.signer})`);
    return 0;
  }
  log(`rejected: ${dir}/statement.json (${outcome.signer})`);
  for (const reason of outcome.reasons) log(`  ${reason}`);
  return 1;
}

function publicKeyOf(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(readFileSync(file));
  } catch (err) {
    throw new UsageError(`--key ${file}: not a readable public key PEM (${(err as Error).message}). Fix: export the signer's public key, e.g. crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'pem' })`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`--key ${file}: a ${key.asymmetricKeyType} key; statements are signed with Ed25519. Fix: give the Ed25519 public key PEM`);
  return key;
}
