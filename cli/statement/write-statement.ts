import { createPrivateKey, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../command-line/usage.js';
import { readKeyFile } from './key-file.js';
import { buildStatement, type StatementInput } from './build-statement.js';
import { envelopeOf, keyIdOf } from './dsse.js';
import { statementHtml } from './statement-html.js';
import { readTargetAnswers } from './target-answers.js';
import { STATEMENT_FILE } from './verify-statement.js';

/** An Ed25519 private key from a PEM file; an error names the flag and the fix. */
export function loadSigningKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(readKeyFile(file));
  } catch (err) {
    throw new UsageError(`--sign-key ${file}: not a readable private key PEM (${(err as Error).message}). Fix: node -e "const k=require('node:crypto').generateKeyPairSync('ed25519');process.stdout.write(k.privateKey.export({type:'pkcs8',format:'pem'}))" > key.pem`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`--sign-key ${file}: a ${key.asymmetricKeyType} key; the statement is signed with Ed25519. Fix: give an Ed25519 private key PEM`);
  return key;
}

/** Where a run's statement goes; the summary lists it before the statement, which vouches for the summary, is written. */
export const statementPath = (reportDir: string): string => join(reportDir, STATEMENT_FILE);

/** Writes statement.json (signed when a key is given) and statement.html beside the run's reports. */
export async function writeStatement(input: Omit<StatementInput, 'answers'>, signKey?: KeyObject): Promise<void> {
  const statement = buildStatement({ ...input, answers: await readTargetAnswers(input.baseUrl) });
  const envelope = envelopeOf(Buffer.from(JSON.stringify(statement)), signKey);
  writeFileSync(statementPath(input.reportDir), JSON.stringify(envelope, null, 2));
  writeFileSync(join(input.reportDir, 'statement.html'), statementHtml(statement, signKey ? `signed by keyid ${keyIdOf(signKey)}` : 'unsigned'));
}
