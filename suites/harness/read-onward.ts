import type { z } from 'zod';
import type { ApiResponse } from './client.js';

/**
 * The answer a check reads to get on with its own rule (a room id, a project key, a list) lacks
 * what the check needs. The rule that owns that answer judges it and fails on its own; this check
 * never reached its rule, so it is skipped with the reason (one deviation fails one rule).
 */
export class PrerequisiteMissing extends Error {
  override name = 'PrerequisiteMissing';
}

function where(res: ApiResponse): string {
  const e = res.exchange;
  return `${e.request.method} ${e.request.url} answered HTTP ${res.status}: ${res.text.slice(0, 300)}`;
}

/**
 * Reads only what the check needs from an answer on its way to its own rule. `schema` names the
 * parts the check uses and nothing else (open objects): members the check does not use may differ.
 * `owner` is the rule (or rules) that judge this answer, for the skip reason.
 */
export function readOnward<S extends z.ZodType>(res: ApiResponse, expected: { status: number | readonly number[]; schema: S; owner: string; what: string }): z.infer<S> {
  const statuses = typeof expected.status === 'number' ? [expected.status] : expected.status;
  const missing = (problem: string) =>
    new PrerequisiteMissing(`prerequisite missing: ${expected.what} ${problem}; ${expected.owner} judges that answer, so this check could not reach its own rule; ${where(res)}`);
  if (!statuses.includes(res.status)) throw missing(`answered HTTP ${res.status}, not ${statuses.join(' or ')}`);
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw missing('is not JSON');
  }
  const parsed = expected.schema.safeParse(json);
  if (!parsed.success) throw missing(`lacks what the check reads (${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`);
  return parsed.data as z.infer<S>;
}
