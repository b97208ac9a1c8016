import { createPublicKey, type KeyObject } from 'node:crypto';
import { parseCommandLine, UnknownFlag } from '../command-line/flags.js';
import { UsageError } from '../command-line/usage.js';
import { readKeyFile } from './key-file.js';
import { terminalLine } from '../report-folder/terminal-text.js';
import { verifyStatement } from './verify-statement.js';

export const VERIFY_USAGE = 'npm run conformance -- verify DIR [--key PUBLIC_KEY_PEM]';

/** Reasons printed before "and N more": a statement tampered everywhere is rejected as surely by its first ones. */
export const SHOWN_REASONS = 50;

const VERIFY_COMMAND = {
  usage: `Usage: ${VERIFY_USAGE}`,
  flags: { key: { type: 'string', placeholder: 'PUBLIC_KEY_PEM', description: 'check the signature with this Ed25519 public key PEM (without it, the signature is not checked)' } },
  positionals: { name: 'DIR', min: 1, max: 1 },
} as const;

/** `verify DIR [--key FILE]`: 0 accepted, 1 rejected (each reason printed); usage errors and a DIR that is no folder throw (exit 2). */
export function verifyCommand(args: readonly string[], log: (line: string) => void): number {
  let parsed;
  try {
    parsed = parseCommandLine(args, VERIFY_COMMAND);
  } catch (err) {
    if (err instanceof UnknownFlag) throw new UsageError(`verify does not take ${err.flag}. Fix: ${VERIFY_USAGE}`);
    throw err;
  }
  const [dir] = parsed.positionals as [string];
  const keyFile = parsed.values.key;
  const outcome = verifyStatement(dir, keyFile === undefined ? undefined : publicKeyOf(keyFile));
  const print = (line: string) => log(terminalLine(line));
  if (outcome.accepted) {
    print(`accepted: ${dir}/statement.json (${outcome.signer})`);
    return 0;
  }
  print(`rejected: ${dir}/statement.json (${outcome.signer})`);
  for (const reason of outcome.reasons.slice(0, SHOWN_REASONS)) print(`  ${reason}`);
  if (outcome.reasons.length > SHOWN_REASONS) print(`  and ${outcome.reasons.length - SHOWN_REASONS} more reasons`);
  return 1;
}

function publicKeyOf(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(readKeyFile(file));
  } catch (err) {
    throw new UsageError(`--key ${file}: not a readable public key PEM (${(err as Error).message}). Fix: export the signer's public key, e.g. crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'pem' })`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`--key ${file}: a ${key.asymmetricKeyType} key; statements are signed with Ed25519. Fix: give the Ed25519 public key PEM`);
  return key;
}
