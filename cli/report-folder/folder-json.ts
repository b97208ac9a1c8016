import type { z } from 'zod';
import { FolderRefusal, type ReportFolder } from './confined-read.js';
import { parseStrictJson, StrictJsonError } from './strict-json.js';
import { shown } from './terminal-text.js';

/** The first issue of a failed schema, escaped: zod quotes the values it received. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return shown(`${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
}

/** Text as strict JSON (no duplicate keys, bounded depth) checked by `schema`; `what` names the payload in the refusal ("a check list"). */
export function parseFolderJson<T>(name: string, text: string, schema: z.ZodType<T>, what: string): T {
  let json: unknown;
  try {
    json = parseStrictJson(text);
  } catch (err) {
    if (err instanceof StrictJsonError) throw new FolderRefusal(name, `refused: not strict JSON (${err.message})`);
    // A string of escapes JSON.parse cannot decode, or a stack a hostile shape still found: a refusal all the same.
    throw new FolderRefusal(name, `refused: not readable as JSON (${shown((err as Error).message)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new FolderRefusal(name, `not ${what} (${firstIssue(parsed.error)})`);
  return parsed.data;
}

/** `rel` of the folder, read confined and bounded, as strict JSON checked by `schema`. */
export const readFolderJson = <T>(folder: ReportFolder, rel: string, schema: z.ZodType<T>, what: string): T => parseFolderJson(folder.named(rel), folder.readText(rel), schema, what);
