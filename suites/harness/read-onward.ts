import type { z } from 'zod';
import type { ApiResponse } from './client.js';
import { routeShape } from './error-answer-judge.js';
import { curlLine } from './exchange.js';

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
 * Answers that may say more about the profile or the moment than about the owner's rule (a token,
 * a license or a resource key the profile gets wrong, the limit, a server that is temporarily
 * unavailable): never charged to the owner, whose own checks judge such answers.
 */
const NOT_CHARGED = new Set([401, 403, 404, 429]);

/**
 * The owner's rule fails when the answer breaks it, if the owner is one rule: an owner of several
 * rules ("PROJ-95, PROJ-96 and PROJ-70") does not say which of them the answer broke.
 */
function chargeOwner(res: ApiResponse, owner: string, statusRule: string | undefined, problem: { wrongStatus: boolean; text: string }, message: string): boolean {
  const ids = [...new Set(owner.match(/\b[A-Z]+-\d+\b/g) ?? [])];
  const rule = problem.wrongStatus && statusRule !== undefined ? statusRule : ids.length === 1 ? ids[0] : undefined;
  if (rule === undefined || !res.recorder?.charge || NOT_CHARGED.has(res.status) || res.status >= 500) return false;
  const e = res.exchange;
  const path = new URL(e.request.url).pathname;
  const { text } = problem;
  res.recorder.charge({ rule, kind: `${e.request.method} ${routeShape(path)} ${text}`, title: `${e.request.method} ${routeShape(path)} ${text}, met by "${res.recorder.checkName}"`, message, curl: curlLine(e) });
  return true;
}

/**
 * Reads only what the check needs from an answer on its way to its own rule. `schema` names the
 * parts the check uses and nothing else (open objects): members the check does not use may differ.
 * `owner` is the rule (or rules) that judge this answer, for the skip reason.
 */
export function readOnward<S extends z.ZodType>(
  res: ApiResponse,
  expected: {
    status: number | readonly number[];
    schema: S;
    owner: string;
    what: string;
    /** Of an owner naming several rules: the one a wrong status breaks (the others are the body's). */
    statusRule?: string;
  },
): z.infer<S> {
  const statuses = typeof expected.status === 'number' ? [expected.status] : expected.status;
  const missing = (problem: string, wrongStatus = false) => {
    const message = `${expected.what} ${problem}; ${where(res)}`;
    const charged = chargeOwner(res, expected.owner, expected.statusRule, { wrongStatus, text: problem }, `${expected.statusRule && wrongStatus ? expected.statusRule : expected.owner} failed: ${message}`);
    return new PrerequisiteMissing(`prerequisite missing: ${message}; ${expected.owner} judges that answer${charged ? ' (charged to it as a failure)' : ''}, so this check could not reach its own rule`);
  };
  if (!statuses.includes(res.status)) throw missing(`answered HTTP ${res.status}, not ${statuses.join(' or ')}`, true);
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
