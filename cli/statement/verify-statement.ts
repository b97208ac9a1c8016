import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { CheckResult, CheckState } from '../../harness-core/check-result.js';
import { catalogueDigests, testableRuleIds } from './build-statement.js';
import { keyIdOf, PAYLOAD_TYPE, signatureHolds, type DsseEnvelope } from './dsse.js';
import { allureFiles, allureTitle, checkKey, fileDigest, isResultFile, readResult, type ResultFacts } from './report-files.js';
import { ruleVerdicts, type JudgedCheck } from './rule-verdicts.js';
import { statementSchema, type Statement } from './statement-schema.js';
import { targetDigest } from './target-answers.js';

export const STATEMENT_FILE = 'statement.json';

const envelopeSchema = z.object({
  payloadType: z.string(),
  payload: z.string(),
  signatures: z.array(z.object({ keyid: z.string(), sig: z.string() })),
});

export interface VerifyOutcome {
  accepted: boolean;
  /** Why it was rejected, one line each. */
  reasons: string[];
  /** "unsigned", or who signed it. */
  signer: string;
}

/**
 * Checks a report dir's statement: its signature (by `publicKey` when given), every digest against
 * the files beside it, and that every rule's verdict follows from its checks' result files.
 */
export function verifyStatement(dir: string, publicKey?: KeyObject): VerifyOutcome {
  const reasons: string[] = [];
  const path = join(dir, STATEMENT_FILE);
  if (!existsSync(path)) return { accepted: false, reasons: [`${path} does not exist`], signer: 'unsigned' };
  let envelope: DsseEnvelope;
  let statement: Statement;
  try {
    envelope = envelopeSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    statement = statementSchema.parse(JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')));
  } catch (err) {
    return { accepted: false, reasons: [`${STATEMENT_FILE} is not a DSSE envelope of a conformance statement: ${(err as Error).message.split('\n')[0]}`], signer: 'unsigned' };
  }
  if (envelope.payloadType !== PAYLOAD_TYPE) reasons.push(`payloadType is ${envelope.payloadType}, not ${PAYLOAD_TYPE}`);
  const signer = checkSignature(envelope, publicKey, reasons);
  const c = statement.predicate.cpfConformance;
  checkTarget(dir, statement, reasons);
  const here = catalogueDigests();
  const sameCatalogue = c.catalogues.rules === here.rules;
  if (!sameCatalogue) reasons.push('the rule catalogue differs from this kit\'s: verify with the kit version that made the statement');
  if (c.catalogues.freedoms !== here.freedoms) reasons.push('the freedom catalogue differs from this kit\'s: verify with the kit version that made the statement');
  checkFiles(dir, c.files, reasons);
  checkVerdicts(dir, statement, sameCatalogue, reasons);
  return { accepted: reasons.length === 0, reasons, signer };
}

function checkSignature(envelope: DsseEnvelope, publicKey: KeyObject | undefined, reasons: string[]): string {
  const signers = envelope.signatures.length === 0 ? 'unsigned' : `signed by keyid ${envelope.signatures.map((s) => s.keyid).join(', ')}`;
  if (!publicKey) return envelope.signatures.length === 0 ? signers : `${signers} (not checked: give --key)`;
  const keyid = keyIdOf(publicKey);
  const mine = envelope.signatures.filter((s) => s.keyid === keyid);
  if (mine.length === 0) reasons.push(envelope.signatures.length === 0 ? 'the statement is unsigned, --key asks for a signature' : `no signature by the given key (keyid ${keyid}); signed by ${envelope.signatures.map((s) => s.keyid).join(', ')}`);
  else if (!mine.some((s) => safeHolds(envelope, s, publicKey))) reasons.push(`the signature of keyid ${keyid} does not match the statement`);
  return signers;
}

function safeHolds(envelope: DsseEnvelope, signature: DsseEnvelope['signatures'][number], publicKey: KeyObject): boolean {
  try {
    return signatureHolds(envelope, signature, publicKey);
  } catch {
    return false;
  }
}

function checkTarget(dir: string, statement: Statement, reasons: string[]): void {
  const { target } = statement.predicate.cpfConformance;
  const subject = statement.subject[0];
  if (subject?.name !== target.baseUrl) reasons.push(`the subject ${subject?.name} is not the target ${target.baseUrl}`);
  if (subject?.digest.sha256 !== targetDigest(target.baseUrl, target.root, target.health)) reasons.push('the subject digest does not match the target\'s base URL and answers');
  const summaryPath = join(dir, 'summary.json');
  const summaryTarget = existsSync(summaryPath) ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as { target?: string }).target : undefined;
  if (summaryTarget !== target.baseUrl) reasons.push(`summary.json names the target ${summaryTarget ?? '(none)'}, the statement ${target.baseUrl}`);
}

function checkFiles(dir: string, files: Record<string, string>, reasons: string[]): void {
  for (const required of ['summary.json', 'checks.json']) if (!(required in files)) reasons.push(`${required} is not among the statement's files`);
  for (const [path, digest] of Object.entries(files)) {
    if (path.includes('..')) reasons.push(`${path}: leaves the report dir`);
    else if (!existsSync(join(dir, path))) reasons.push(`${path}: missing`);
    else if (fileDigest(dir, path) !== digest) reasons.push(`${path}: digest differs (edited after the statement)`);
  }
  for (const path of allureFiles(dir).filter(isResultFile)) if (!(path in files)) reasons.push(`${path}: a result file the statement does not list`);
}

/** The state a check had, from its result file, refined by checks.json where the two may differ in wording. */
function judgedState(facts: ResultFacts, recorded: CheckResult | undefined): CheckState | undefined {
  if (!recorded) return facts.status === 'unknown' ? undefined : facts.status;
  if (facts.status === recorded.state) return recorded.state;
  // Allure tells a failure from a breakage by the error's message, the kit by its type.
  const errored = (s: string) => s === 'failed' || s === 'broken';
  if (errored(facts.status) && errored(recorded.state)) return recorded.state;
  if (recorded.state === 'skipped' && recorded.note?.startsWith('interrupted')) return 'skipped';
  return undefined;
}

function checkVerdicts(dir: string, statement: Statement, sameCatalogue: boolean, reasons: string[]): void {
  const c = statement.predicate.cpfConformance;
  if (sameCatalogue) for (const id of testableRuleIds()) if (!(id in c.rules)) reasons.push(`rule ${id}: missing (every testable rule must have a verdict)`);
  const recorded = new Map<string, CheckResult>();
  const checksPath = join(dir, 'checks.json');
  const runChecks = existsSync(checksPath) ? (JSON.parse(readFileSync(checksPath, 'utf8')) as CheckResult[]) : [];
  for (const check of runChecks) recorded.set(checkKey(check.file, check.title), check);
  for (const [id, rule] of Object.entries(c.rules)) {
    if (rule.verdict === 'not-selected') {
      if (rule.checks.length > 0) reasons.push(`rule ${id}: not-selected, yet it lists checks`);
      continue;
    }
    const judged: JudgedCheck[] = [];
    for (const check of rule.checks) {
      const where = `rule ${id}, check "${check.title}"`;
      if (!check.result || !check.sha256) {
        reasons.push(`${where}: no result file`);
        continue;
      }
      if (c.files[check.result] !== check.sha256 || !existsSync(join(dir, check.result)) || fileDigest(dir, check.result) !== check.sha256) {
        reasons.push(`${where}: ${check.result} does not match its digest`);
        continue;
      }
      const facts = readResult(dir, check.result);
      const mine = recorded.get(checkKey(facts.file, facts.title));
      const state = judgedState(facts, mine);
      if (allureTitle(facts.title) !== allureTitle(check.title)) reasons.push(`${where}: ${check.result} is the result of "${facts.title}"`);
      if (!facts.rules.includes(id)) reasons.push(`${where}: ${check.result} does not name the rule`);
      if (state !== check.state) {
        const says = state ?? `${facts.status}, and checks.json ${mine?.state ?? 'has no entry'} (the two disagree)`;
        reasons.push(`${where}: stated ${check.state}, its result file says ${says}`);
      }
      if (state) judged.push({ title: check.title, rules: [id], state, note: mine?.note, ...(facts.judged ? { judged: facts.judged } : {}), notExercised: facts.notExercised });
    }
    const follows = ruleVerdicts(judged)[id]?.verdict;
    if (follows !== rule.verdict) reasons.push(`rule ${id}: stated ${rule.verdict}, its checks' results give ${follows ?? 'no verdict'}`);
  }
  // Leaving a check out of its rule would change the verdict as surely as editing it.
  for (const check of runChecks) {
    for (const id of check.rules) {
      const rule = c.rules[id];
      if (rule && !rule.checks.some((s) => s.title === check.title)) reasons.push(`rule ${id}: check "${check.title}" of checks.json is not listed`);
    }
  }
}
