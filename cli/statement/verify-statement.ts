import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { CheckState } from '../../harness-core/check-result.js';
import { rules as catalogue } from '../../spec/rules/catalog.js';
import { FolderRefusal, ReportFolder } from '../report-folder/confined-read.js';
import { parseFolderJson, readFolderJson } from '../report-folder/folder-json.js';
import { shown, shownList } from '../report-folder/terminal-text.js';
import { catalogueDigests, testableRuleIds } from './build-statement.js';
import { keyIdOf, pae, PAYLOAD_TYPE, signatureHolds, type DsseEnvelope } from './dsse.js';
import { allureFiles, allureTitle, checkKey, fileDigest, isResultFile, readResult, type ResultFacts } from './report-files.js';
import { ruleVerdicts, stateOfRecord, type JudgedCheck } from './rule-verdicts.js';
import { statementSchema, type Statement } from './statement-schema.js';
import { targetDigest } from './target-answers.js';

export const STATEMENT_FILE = 'statement.json';

/** Signatures of one envelope a verifier reads: a statement has one signer, a few co-signers at most. */
export const MAX_SIGNATURES = 16;

const envelopeSchema = z.object({
  payloadType: z.string(),
  payload: z.string(),
  signatures: z.array(z.object({ keyid: z.string(), sig: z.string() })).max(MAX_SIGNATURES, `more than ${MAX_SIGNATURES} signatures; a verifier reads at most ${MAX_SIGNATURES}`),
});

/** What verify reads of summary.json: the target it names. */
const summaryTargetSchema = z.object({ target: z.string().optional() });

/** What verify reads of a check of checks.json: enough to find its result file and what the run recorded. */
const recordedCheckSchema = z.object({
  title: z.string(),
  file: z.string(),
  rules: z.array(z.string()),
  state: z.enum(['passed', 'failed', 'broken', 'skipped']),
  note: z.string().optional(),
});
type RecordedCheck = z.infer<typeof recordedCheckSchema>;

export interface VerifyOutcome {
  accepted: boolean;
  /** Why it was rejected, one line each, folder content escaped. */
  reasons: string[];
  /** "unsigned", or who signed it. */
  signer: string;
}

/** The files of the folder as verify reads them: each file's digest computed once, a refused file's reason given. */
class Evidence {
  private readonly digests = new Map<string, string>();

  constructor(
    readonly folder: ReportFolder,
    readonly reasons: string[],
  ) {}

  /** `read()`'s value, or undefined with the refusal among the reasons. */
  attempt<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof FolderRefusal)) throw err;
      this.reasons.push(err.message);
      return undefined;
    }
  }

  digest(path: string): string | undefined {
    const known = this.digests.get(path);
    if (known !== undefined) return known;
    const digest = this.attempt(() => fileDigest(this.folder, path));
    if (digest !== undefined) this.digests.set(path, digest);
    return digest;
  }
}

/**
 * Checks a report dir's statement: its signature (by `publicKey` when given), every digest against
 * the files beside it, and that every rule's verdict follows from its checks' result files. Every
 * file is read confined to the folder and bounded (report-folder/confined-read.ts); a dir that is
 * no folder is refused (a FolderRefusal, exit 2), anything in it that is refused is a reason.
 */
export function verifyStatement(dir: string, publicKey?: KeyObject): VerifyOutcome {
  const reasons: string[] = [];
  const evidence = new Evidence(ReportFolder.open(dir), reasons);
  const read = evidence.attempt(() => readEnvelope(evidence.folder));
  if (!read) return { accepted: false, reasons, signer: 'unsigned' };
  const { envelope, payload, statement } = read;
  if (envelope.payloadType !== PAYLOAD_TYPE) reasons.push(`payloadType is ${shown(envelope.payloadType)}, not ${PAYLOAD_TYPE}`);
  const signer = checkSignature(envelope, payload, publicKey, reasons);
  const c = statement.predicate.cpfConformance;
  checkTarget(evidence, statement);
  const here = catalogueDigests();
  const sameCatalogue = c.catalogues.rules === here.rules;
  if (!sameCatalogue) reasons.push('the rule catalogue differs from this kit\'s: verify with the kit version that made the statement');
  if (c.catalogues.freedoms !== here.freedoms) reasons.push('the freedom catalogue differs from this kit\'s: verify with the kit version that made the statement');
  checkFiles(evidence, c.files);
  checkVerdicts(evidence, statement, sameCatalogue);
  return { accepted: reasons.length === 0, reasons, signer };
}

/** The envelope, its payload decoded once, and the statement it carries; refused as a whole when any of them is not what it must be. */
function readEnvelope(folder: ReportFolder): { envelope: DsseEnvelope; payload: Buffer; statement: Statement } {
  const name = folder.named(STATEMENT_FILE);
  const what = 'a DSSE envelope of a conformance statement';
  const envelope = readFolderJson(folder, STATEMENT_FILE, envelopeSchema, what);
  const payload = Buffer.from(envelope.payload, 'base64');
  // Buffer.from skips what is not base64; a payload that does not re-encode to itself carries text no signature covers.
  if (payload.toString('base64') !== envelope.payload) throw new FolderRefusal(name, `not ${what} (the payload is not canonical base64)`);
  const statement = parseFolderJson(`${name} (its payload)`, payload.toString('utf8'), statementSchema, 'a conformance statement');
  return { envelope, payload, statement };
}

function checkSignature(envelope: DsseEnvelope, payload: Buffer, publicKey: KeyObject | undefined, reasons: string[]): string {
  const keyids = envelope.signatures.map((s) => s.keyid);
  const signers = keyids.length === 0 ? 'unsigned' : `signed by keyid ${shownList(keyids)}`;
  if (!publicKey) return keyids.length === 0 ? signers : `${signers} (not checked: give --key)`;
  const keyid = keyIdOf(publicKey);
  const mine = envelope.signatures.filter((s) => s.keyid === keyid);
  const signed = pae(envelope.payloadType, payload);
  if (mine.length === 0) reasons.push(keyids.length === 0 ? 'the statement is unsigned, --key asks for a signature' : `no signature by the given key (keyid ${keyid}); signed by ${shownList(keyids)}`);
  else if (!mine.some((s) => safeHolds(signed, s, publicKey))) reasons.push(`the signature of keyid ${keyid} does not match the statement`);
  return signers;
}

function safeHolds(signed: Buffer, signature: DsseEnvelope['signatures'][number], publicKey: KeyObject): boolean {
  try {
    return signatureHolds(signed, signature, publicKey);
  } catch {
    return false;
  }
}

function checkTarget(evidence: Evidence, statement: Statement): void {
  const { reasons, folder } = evidence;
  const { target } = statement.predicate.cpfConformance;
  const subject = statement.subject[0];
  if (subject?.name !== target.baseUrl) reasons.push(`the subject ${shown(subject?.name)} is not the target ${shown(target.baseUrl)}`);
  if (subject?.digest.sha256 !== targetDigest(target.baseUrl, target.root, target.health)) reasons.push('the subject digest does not match the target\'s base URL and answers');
  if (!folder.has('summary.json')) {
    reasons.push(`summary.json names no target, the statement ${shown(target.baseUrl)}`);
    return;
  }
  const summary = evidence.attempt(() => readFolderJson(folder, 'summary.json', summaryTargetSchema, 'a summary of the kit'));
  if (summary && summary.target !== target.baseUrl) reasons.push(`summary.json names the target ${shown(summary.target ?? '(none)')}, the statement ${shown(target.baseUrl)}`);
}

function checkFiles(evidence: Evidence, files: Record<string, string>): void {
  const { reasons, folder } = evidence;
  for (const required of ['summary.json', 'checks.json']) if (!Object.hasOwn(files, required)) reasons.push(`${required} is not among the statement's files`);
  for (const [path, digest] of Object.entries(files)) {
    const actual = evidence.digest(path);
    if (actual !== undefined && actual !== digest) reasons.push(`${shown(path)}: digest differs (edited after the statement)`);
  }
  const listed = evidence.attempt(() => allureFiles(folder)) ?? [];
  for (const path of listed.filter(isResultFile)) if (!Object.hasOwn(files, path)) reasons.push(`${shown(path)}: a result file the statement does not list`);
}

/** The state a check had, from its result file, refined by checks.json where the two may differ in wording. */
function judgedState(facts: ResultFacts, recorded: RecordedCheck | undefined): CheckState | undefined {
  if (!recorded) return facts.status === 'unknown' ? undefined : facts.status;
  const state = stateOfRecord(recorded.state, facts.status);
  if (facts.status === state) return state;
  // Allure tells a failure from a breakage by the error's message, the kit by its type.
  const errored = (s: string) => s === 'failed' || s === 'broken';
  if (errored(facts.status) && errored(state)) return state;
  if (state === 'skipped' && recorded.note?.startsWith('interrupted')) return 'skipped';
  return undefined;
}

/** checks.json as the run recorded it; a refused one is a reason, and the verdicts are then judged from the result files alone. */
function recordedChecks(evidence: Evidence): RecordedCheck[] {
  if (!evidence.folder.has('checks.json')) return [];
  return evidence.attempt(() => readFolderJson(evidence.folder, 'checks.json', z.array(recordedCheckSchema), 'a check list of the kit')) ?? [];
}

function checkVerdicts(evidence: Evidence, statement: Statement, sameCatalogue: boolean): void {
  const { reasons, folder } = evidence;
  const c = statement.predicate.cpfConformance;
  const known = new Set(catalogue.map((r) => r.id));
  if (sameCatalogue) for (const id of testableRuleIds()) if (!Object.hasOwn(c.rules, id)) reasons.push(`rule ${id}: missing (every testable rule must have a verdict)`);
  const recorded = new Map<string, RecordedCheck>();
  const runChecks = recordedChecks(evidence);
  for (const check of runChecks) recorded.set(checkKey(check.file, check.title), check);
  for (const [id, rule] of Object.entries(c.rules)) {
    const rid = shown(id);
    if (sameCatalogue && !known.has(id)) {
      reasons.push(`rule ${rid}: not a rule of the catalogue`);
      continue;
    }
    if (rule.verdict === 'not-selected') {
      if (rule.checks.length > 0) reasons.push(`rule ${rid}: not-selected, yet it lists checks`);
      continue;
    }
    const judged: JudgedCheck[] = [];
    for (const check of rule.checks) {
      const where = `rule ${rid}, check "${shown(check.title)}"`;
      if (!check.result || !check.sha256) {
        reasons.push(`${where}: no result file`);
        continue;
      }
      const listed = Object.hasOwn(c.files, check.result) ? c.files[check.result] : undefined;
      if (listed !== check.sha256) {
        reasons.push(`${where}: ${shown(check.result)} does not match its digest in the statement's files`);
        continue;
      }
      const digest = evidence.digest(check.result);
      if (digest === undefined) continue;
      if (digest !== check.sha256) {
        reasons.push(`${where}: ${shown(check.result)} does not match its digest`);
        continue;
      }
      const facts = evidence.attempt(() => readResult(folder, check.result as string));
      if (!facts) continue;
      const mine = recorded.get(checkKey(facts.file, facts.title));
      const state = judgedState(facts, mine);
      if (allureTitle(facts.title) !== allureTitle(check.title)) reasons.push(`${where}: ${shown(check.result)} is the result of "${shown(facts.title)}"`);
      if (!facts.rules.includes(id)) reasons.push(`${where}: ${shown(check.result)} does not name the rule`);
      if (state !== check.state) {
        const says = state ?? `${facts.status}, and checks.json ${mine?.state ?? 'has no entry'} (the two disagree)`;
        reasons.push(`${where}: stated ${check.state}, its result file says ${says}`);
      }
      if (state) judged.push({ title: check.title, rules: [id], state, note: mine?.note, ...(facts.judged ? { judged: facts.judged } : {}), notExercised: facts.notExercised });
    }
    const follows = ruleVerdicts(judged)[id]?.verdict;
    if (follows !== rule.verdict) reasons.push(`rule ${rid}: stated ${rule.verdict}, its checks' results give ${follows ?? 'no verdict'}`);
  }
  // Leaving a check out of its rule would change the verdict as surely as editing it.
  for (const check of runChecks) {
    for (const id of check.rules) {
      const rule = Object.hasOwn(c.rules, id) ? c.rules[id] : undefined;
      if (rule && !rule.checks.some((s) => s.title === check.title)) reasons.push(`rule ${shown(id)}: check "${shown(check.title)}" of checks.json is not listed`);
    }
  }
}
