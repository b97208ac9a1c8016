import { request } from 'undici';
import { ATTEMPTS_FOR_A_READ, isGatewayAnswer, readPastGateway } from '../harness-core/lost-reads.js';
import type { CustomerRole, Profile } from '../spec/profile.schema.js';
import { EXPECTED } from './doctor/doctor.js';

/**
 * The short form of `doctor` that every run starts with: is the base URL this API, and does each
 * role's first token answer as its role? One request per public endpoint and per role customer,
 * so the pacer can count them (`sent`).
 *
 * It stops a run only when no run can mean anything: a target that does not answer, that is not
 * this API at all (not JSON, an HTML page, no /api/v2), or that refuses the primary token as
 * invalid. An answer that may be a profile mistake or a deviation of the target (another version,
 * a blocked customer answered 403, ...) is a doubt: the run goes on, and the rule it concerns fails
 * with the preflight's evidence, the summary giving both readings.
 */
export interface PreflightResult {
  /** The target does not answer at all: exit 3. */
  unreachable?: string;
  /** No run can mean anything: exit 2, one line per problem with its fix. */
  problems: string[];
  doubts: PreflightDoubt[];
  /** Per pacer customer (role name), when the response to its preflight request arrived (epoch ms). */
  sent: Record<string, number>;
}

export interface PreflightDoubt {
  /** What the target answered, and what the profile made the kit expect. */
  evidence: string;
  /** The rules the target breaks if the profile is right. */
  rules: string[];
  /** What to fix if the target is right: the profile field or the flag. */
  fix: string;
}

const VERSION = '2.5.0';
const FIX = 'Fix: correct the profile or --base-url; `npm run conformance -- doctor ...` shows every finding';

/** The rule of each public endpoint's version, and of each role's answer to GET /reports. */
const VERSION_RULES: Record<string, string[]> = { '/': ['META-3'], '/health': ['META-7'] };
const ROLE_RULES: Record<CustomerRole, string[]> = {
  primary: ['PROJ-89'],
  foreign: ['PROJ-89'],
  expiredUnlocked: ['PROJ-94'],
  locked: ['AUTH-16'],
  blocked: ['AUTH-3', 'ERR-9'],
  noHeatpumpRight: ['PROJ-89'],
  education: ['PROJ-89'],
};

async function get(url: string, token?: string): Promise<{ status: number; contentType: string; text: string }> {
  const res = await request(url, { headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const text = await res.body.text();
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text };
}

function jsonOf(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a public endpoint's answer is the JSON of an API at all; its version is judged apart. */
function publicAnswer(path: string, res: { status: number; contentType: string; text: string }): { problem?: string; doubt?: PreflightDoubt } {
  // A gateway's answer at every attempt is no reading of the base URL: the target behind it did not answer.
  if (isGatewayAnswer(res.status)) return { problem: `GET ${path} was answered ${res.status} at each of ${ATTEMPTS_FOR_A_READ} attempts, a gateway's answer: the target behind it did not answer. Fix: check that the service behind the gateway runs, then start the run again` };
  const body = jsonOf(res.text);
  if (res.status !== 200 || !/^application\/json/i.test(res.contentType) || !body) {
    return { problem: `GET ${path} answered ${res.status} ${res.contentType || '(no content type)'} ${JSON.stringify(res.text.slice(0, 80))}, not the JSON of this API: is the base URL the API's, with /api/v2?` };
  }
  if (body.version === VERSION) return {};
  return {
    doubt: {
      evidence: `GET ${path} answered version ${body.version === undefined ? '(none)' : JSON.stringify(body.version)}, not ${VERSION}`,
      rules: VERSION_RULES[path] ?? [],
      fix: '--base-url (or the profile\'s baseUrl) to a deployment of interface version 2.5.0',
    },
  };
}

export async function preflight(baseUrl: string, profile: Profile): Promise<PreflightResult> {
  const problems: string[] = [];
  const doubts: PreflightDoubt[] = [];
  const sent: Record<string, number> = {};
  if (!/\/api\/v2$/.test(new URL(baseUrl).pathname)) {
    problems.push(`base URL ${baseUrl} does not end in /api/v2 (the spec's path prefix). Fix: pass the API base, e.g. https://host/api/v2`);
  }
  try {
    for (const path of ['/', '/health']) {
      const { problem, doubt } = publicAnswer(path, await readPastGateway(() => get(`${baseUrl}${path}`)));
      if (problem) problems.push(problem);
      if (doubt) doubts.push(doubt);
    }
  } catch (err) {
    return { unreachable: `target unreachable: GET ${baseUrl}/health failed (${(err as Error).message}). Fix: check --base-url and that the service runs`, problems, doubts, sent };
  }
  if (problems.length > 0) return { problems: [...problems, FIX], doubts, sent };

  for (const role of Object.keys(EXPECTED) as CustomerRole[]) {
    const token = profile.customers[role]?.tokens[0];
    if (token === undefined) continue;
    // A dropped connection or a gateway's 502/504 is tried again, far enough apart to stay within the customer's 2 per second whenever the target decided on an earlier attempt.
    const res = await readPastGateway(() => get(`${baseUrl}/reports`, token).catch(() => undefined));
    sent[role] = Date.now();
    // No answer, or only a gateway's: nothing to judge here; the role's checks meet the target themselves.
    if (res === undefined || isGatewayAnswer(res.status)) continue;
    // A 429 says nothing about the profile (someone else uses the customer now); the run's pacing copes.
    if (res.status === EXPECTED[role] || res.status === 429) continue;
    const evidence = `customers.${role}.tokens[0]: GET /reports answered ${res.status}, expected ${EXPECTED[role]} for a ${role} customer`;
    // Without an accepted primary token no check can reach the target's rules.
    if (role === 'primary' && res.status === 401) problems.push(`${evidence}: the target refuses the primary token as invalid`);
    else doubts.push({ evidence, rules: ROLE_RULES[role], fix: `customers.${role} (a customer of that role on this target)` });
  }
  return { problems: problems.length ? [...problems, FIX] : [], doubts, sent };
}

/** Both readings of a doubt, for the summary: the target's deviation, or the profile's mistake. */
export function formatDoubt(d: PreflightDoubt): string {
  return `${d.evidence}: if the profile is right, the target breaks ${d.rules.join(' and ')}; otherwise fix ${d.fix}`;
}
