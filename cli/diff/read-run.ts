import { existsSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { describeSelection } from '../rules-matrix/selection.js';
import { UsageError } from '../command-line/usage.js';
import { FolderRefusal, ReportFolder } from '../report-folder/confined-read.js';
import { firstIssue, parseFolderJson, readFolderJson } from '../report-folder/folder-json.js';
import { StrictJsonError, parseStrictJson } from '../report-folder/strict-json.js';
import { shown } from '../report-folder/terminal-text.js';
import { ruleVerdicts, type RuleVerdict } from '../statement/rule-verdicts.js';
import { ruleEntrySchema } from '../statement/statement-schema.js';

/** One run as diff compares it: each rule's verdict, and the titles of its checks. */
export interface Run {
  /** The path it was read from, as given on the command line. */
  label: string;
  rules: Record<string, RuleVerdict>;
  checks: Set<string>;
  /** Titles of the checks that failed or broke: the first of a rule's is what a regression names. */
  failing: Set<string>;
  /** What the run was restricted to ("everything" for a full run), when the run says. */
  selection?: string;
}

/** A check of checks.json as diff and --rerun-failed read it. */
export const checkSchema = z.object({
  title: z.string(),
  rules: z.array(z.string()),
  state: z.enum(['passed', 'failed', 'broken', 'skipped']),
  note: z.string().optional(),
  /** A passed check's judged rules, and the rules it did not exercise: a rule it names passes only where it judged it. */
  judged: z.array(z.string()).optional(),
  notExercised: z.record(z.string(), z.string()).optional(),
});

const envelopeSchema = z.object({ payloadType: z.string(), payload: z.string(), signatures: z.array(z.unknown()) });

/** Only what diff reads: a statement is compared whatever kit version wrote the rest of it. */
const statementRulesSchema = z.object({
  predicate: z.object({ cpfConformance: z.object({ rules: z.record(z.string(), ruleEntrySchema), selection: z.unknown().optional() }) }),
});

const selectionSchema = z.object({
  rules: z.array(z.string()).default([]),
  areas: z.array(z.string()).default([]),
  files: z.array(z.string()).default([]),
  shard: z.string().optional(),
});

const FIX = 'Fix: pass a report folder of `npm run conformance` (it holds checks.json, and statement.json when the run wrote one) or a statement.json file';

/**
 * A report folder (its statement.json when there is one, else its checks.json), a statement.json or
 * a checks.json file. Everything is read through the confined reader: a file of the folder that is
 * refused (a symlink out, a FIFO, over the caps, not strict JSON) is a usage error naming it.
 */
export function readRun(path: string): Run {
  if (!existsSync(path)) throw new UsageError(`${shown(path)}: no such file or folder. ${FIX}`);
  try {
    if (!statSync(path).isDirectory()) return fromFile(path, ReportFolder.open(dirname(path)), basename(path));
    const folder = ReportFolder.open(path);
    for (const name of ['statement.json', 'checks.json']) if (folder.has(name)) return fromFile(path, folder, name);
  } catch (err) {
    if (err instanceof FolderRefusal) throw new UsageError(`${err.message}. ${FIX}`, { cause: err });
    throw err;
  }
  throw new UsageError(`${shown(path)}: a folder without statement.json or checks.json, so not a report folder. ${FIX}`);
}

function fromFile(label: string, folder: ReportFolder, name: string): Run {
  const json = readFolderJson(folder, name, z.unknown(), 'JSON');
  const file = folder.named(name);
  return Array.isArray(json) ? fromChecks(label, folder, file, json) : fromStatement(label, file, json);
}

function fromChecks(label: string, folder: ReportFolder, file: string, json: unknown): Run {
  const checks = parse(file, z.array(checkSchema), json);
  const selection = folder.has('selection.json') ? describe(selectionJson(folder)) : undefined;
  return {
    label,
    rules: ruleVerdicts(checks),
    checks: new Set(checks.map((c) => c.title)),
    failing: new Set(checks.filter((c) => c.state === 'failed' || c.state === 'broken').map((c) => c.title)),
    ...(selection ? { selection } : {}),
  };
}

/** selection.json read confined (a hostile file is refused like any other); text that is no strict JSON is left unsaid, as describe() leaves a bad shape. */
function selectionJson(folder: ReportFolder): unknown {
  const text = folder.readText('selection.json');
  try {
    return parseStrictJson(text);
  } catch (err) {
    if (err instanceof StrictJsonError) return undefined;
    throw err;
  }
}

/** The statement a DSSE envelope (statement.json) carries, read as far as `schema` goes; the payload is decoded once and parsed as strict JSON. */
export function statementIn<T>(file: string, json: unknown, schema: z.ZodType<T>): T {
  const envelope = parse(file, envelopeSchema, json);
  return parseFolderJson(`${file} (its payload)`, Buffer.from(envelope.payload, 'base64').toString('utf8'), schema, 'a conformance statement');
}
function fromStatement(label: string, file: string, json: unknown): Run {
  const statement = statementIn(file, json, statementRulesSchema).predicate.cpfConformance;
  const rules: Record<string, RuleVerdict> = {};
  const checks = new Set<string>();
  const failing = new Set<string>();
  for (const [id, rule] of Object.entries(statement.rules)) {
    // A rule the run did not select says nothing about the target: it compares like an absent one.
    if (rule.verdict === 'not-selected') continue;
    const titles = rule.checks.map((c) => c.title);
    rules[id] = rule.reason === undefined ? { verdict: rule.verdict, checks: titles } : { verdict: rule.verdict, reason: rule.reason, checks: titles };
    for (const c of rule.checks) {
      checks.add(c.title);
      if (c.state === 'failed' || c.state === 'broken') failing.add(c.title);
    }
  }
  const selection = describe(statement.selection);
  return { label, rules, checks, failing, ...(selection ? { selection } : {}) };
}

/** A selection that does not parse is left unsaid: it only qualifies the comparison, never blocks it. */
function describe(json: unknown): string | undefined {
  const parsed = selectionSchema.safeParse(json);
  return parsed.success ? (describeSelection(parsed.data) ?? 'everything') : undefined;
}

function parse<T>(file: string, schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new UsageError(`${shown(file)}: neither a statement nor a check list (${firstIssue(parsed.error)}). ${FIX}`);
}
