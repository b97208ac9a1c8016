import { request } from 'undici';
import type { CustomerRole, Profile } from '../../spec/profile.schema.js';
import { EXPECTED } from './doctor.js';

/**
 * The short form of `doctor` that every run starts with: is the base URL this API, and does each
 * role's first token answer as its role? One request per public endpoint and per role customer,
 * so the pacer can count them (`sent`) and a plain web server or a wrong token stops the run
 * before hundreds of identical failures are blamed on the target.
 */
export interface PreflightResult {
  /** The target does not answer at all: exit 3. */
  unreachable?: string;
  /** The target or the profile is not what the run needs: exit 2, one line per problem with its fix. */
  problems: string[];
  /** Per pacer customer (role name), when the response to its preflight request arrived (epoch ms). */
  sent: Record<string, number>;
}

const VERSION = '2.5.0';
const FIX = 'Fix: correct the profile or --base-url; `npm run conformance -- doctor ...` shows every finding';

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

/** What is wrong with a public endpoint's answer, or undefined when it is this API in its version. */
function publicProblem(path: string, res: { status: number; contentType: string; text: string }): string | undefined {
  const body = jsonOf(res.text);
  if (res.status !== 200 || !/^application\/json/i.test(res.contentType) || !body) {
    return `GET ${path} answered ${res.status} ${res.contentType || '(no content type)'} ${JSON.stringify(res.text.slice(0, 80))}, not the JSON of this API: is the base URL the API's, with /api/v2?`;
  }
  if (body.version !== VERSION) return `GET ${path} reports version ${JSON.stringify(body.version)}; this kit checks interface version ${VERSION}`;
  return undefined;
}

export async function preflight(baseUrl: string, profile: Profile): Promise<PreflightResult> {
  const problems: string[] = [];
  const sent: Record<string, number> = {};
  if (!/\/api\/v2$/.test(new URL(baseUrl).pathname)) {
    problems.push(`base URL ${baseUrl} does not end in /api/v2 (the spec's path prefix). Fix: pass the API base, e.g. https://host/api/v2`);
  }
  try {
    for (const path of ['/', '/health']) {
      const problem = publicProblem(path, await get(`${baseUrl}${path}`));
      if (problem) problems.push(problem);
    }
  } catch (err) {
    return { unreachable: `target unreachable: GET ${baseUrl}/health failed (${(err as Error).message}). Fix: check --base-url and that the service runs`, problems, sent };
  }
  if (problems.length > 0) return { problems: [...problems, FIX], sent };

  for (const role of Object.keys(EXPECTED) as CustomerRole[]) {
    const token = profile.customers[role]?.tokens[0];
    if (token === undefined) continue;
    const res = await get(`${baseUrl}/reports`, token);
    sent[role] = Date.now();
    // A 429 says nothing about the profile (someone else uses the customer now); the run's pacing copes.
    if (res.status !== EXPECTED[role] && res.status !== 429) {
      problems.push(`customers.${role}.tokens[0]: GET /reports answered ${res.status}, expected ${EXPECTED[role]} for a ${role} customer`);
    }
  }
  return { problems: problems.length ? [...problems, FIX] : [], sent };
}
