import { request } from 'undici';
import type { Profile } from '../../spec/profile.schema.js';
import { createDoctorContext } from './context.js';
import { formatFinding, guarded, type Finding } from './findings.js';
import { fundingFindings } from './funding.js';
import { linkFindings } from './links.js';
import { projectFindings } from './projects.js';
import { tokenFindings } from './tokens.js';
import { createPacedReader } from '../paced-reader.js';

export { EXPECTED } from './tokens.js';

/**
 * Full preflight: is the target there, and does every entry of the profile describe it? Each line
 * is one finding, a wrong entry named by its JSON path with the fix; problems of the profile give
 * exit code 2, an unreachable or busy target 3. Every request is a read, paced per customer below
 * the target's limit; the pdf endpoint, which writes, is never called.
 */
export async function doctor(baseUrl: string, profile: Profile, log: (line: string) => void): Promise<number> {
  log(`doctor: ${baseUrl}`);
  const reachable = await reachability(baseUrl);
  reachable.forEach((f) => log(formatFinding(f)));
  if (reachable.some((f) => f.kind === 'unreachable')) return 3;

  log('  (reading every customer\'s tokens and resources, at most 2 requests per second per customer: a few seconds per customer with many resources)');
  const ctx = createDoctorContext(profile, createPacedReader(baseUrl));
  const groups = await Promise.all([
    guarded('customers', () => tokenFindings(ctx)),
    guarded('resources', () => projectFindings(ctx)),
    guarded('resources.funding', () => fundingFindings(ctx)),
    guarded('links', () => linkFindings(ctx)),
  ]);
  const findings = [...reachable, ...groups.flat()];
  groups.flat().forEach((f) => log(formatFinding(f)));

  const problems = findings.filter((f) => f.verdict === 'fail');
  log(problems.length === 0 ? 'doctor: all good' : `doctor: ${problems.length} problem(s)`);
  if (problems.some((f) => f.kind === 'profile')) return 2;
  return problems.length > 0 ? 3 : 0;
}

/** GET /health (public, no budget) and the clock offset from its Date header. */
async function reachability(baseUrl: string): Promise<Finding[]> {
  try {
    const sent = Date.now();
    const res = await request(`${baseUrl}/health`);
    const received = Date.now();
    const text = await res.body.text();
    let body: { version?: string; status?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: the detail shows the missing status and version.
    }
    const date = Date.parse(String(res.headers.date ?? ''));
    const offset = Number.isNaN(date) ? undefined : date - (sent + received) / 2;
    return [
      { verdict: res.statusCode === 200 ? 'ok' : 'fail', what: 'reachable', detail: `GET /health answered ${res.statusCode}, status ${body.status}, version ${body.version ?? '(none)'}`, ...(res.statusCode === 200 ? {} : { kind: 'unreachable' as const }) },
      {
        verdict: offset !== undefined && Math.abs(offset) < 5000 ? 'ok' : 'fail',
        what: 'clock offset',
        detail: offset === undefined ? 'no Date header' : `${(offset / 1000).toFixed(1)} s (the Date header has 1 s resolution)`,
      },
    ];
  } catch (err) {
    return [{ verdict: 'fail', what: 'reachable', detail: `GET ${baseUrl}/health failed: ${(err as Error).message}`, kind: 'unreachable' }];
  }
}
