import { request } from 'undici';
import type { CustomerRole, Profile } from '../../spec/profile.schema.js';

/**
 * Preflight: is the target there, and does the profile describe it? Each line is one finding;
 * problems of the profile give exit code 2, an unreachable target 3.
 */
interface Finding {
  ok: boolean;
  what: string;
  detail: string;
  kind?: 'profile' | 'unreachable';
}

/** Expected answer of GET /reports per role, from the spec's license rules. */
export const EXPECTED: Record<CustomerRole, number> = {
  primary: 200,
  foreign: 200,
  expiredUnlocked: 200,
  locked: 403,
  blocked: 401,
  noHeatpumpRight: 200,
  education: 200,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 429 says nothing about the profile: someone else spends the customer's budget right now. */
const BUSY = 'GET /reports answered 429: another client uses this customer at the same time (concurrent shards or runs against one target share its role customers, see docs/ci.md)';

function tokenFinding(what: string, status: number, expected: number, detail: string): Finding {
  if (status === 429) return { ok: false, what, detail: BUSY };
  const ok = status === expected;
  return { ok, what, detail, kind: ok ? undefined : 'profile' };
}

async function get(url: string, token?: string) {
  const res = await request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

export async function doctor(baseUrl: string, profile: Profile, log: (line: string) => void): Promise<number> {
  const findings: Finding[] = [];
  const add = (f: Finding) => {
    findings.push(f);
    log(`  ${f.ok ? 'ok  ' : 'FAIL'} ${f.what}: ${f.detail}`);
  };
  log(`doctor: ${baseUrl}`);
  try {
    const sent = Date.now();
    const health = await get(`${baseUrl}/health`);
    const received = Date.now();
    const body = JSON.parse(health.text) as { version?: string; status?: string };
    add({ ok: health.status === 200, what: 'reachable', detail: `GET /health answered ${health.status}, status ${body.status}, version ${body.version ?? '(none)'}` });
    const date = Date.parse(String(health.headers.date ?? ''));
    const offset = Number.isNaN(date) ? undefined : date - (sent + received) / 2;
    add({
      ok: offset !== undefined && Math.abs(offset) < 5000,
      what: 'clock offset',
      detail: offset === undefined ? 'no Date header' : `${(offset / 1000).toFixed(1)} s (the Date header has 1 s resolution)`,
    });
  } catch (err) {
    add({ ok: false, what: 'reachable', detail: `GET ${baseUrl}/health failed: ${(err as Error).message}`, kind: 'unreachable' });
    return 3;
  }

  // One request per token, tokens of one customer spaced so the check itself never meets the limit.
  for (const role of Object.keys(EXPECTED) as CustomerRole[]) {
    const customer = profile.customers[role];
    if (!customer) {
      log(`  --   customers.${role}: not in the profile (its checks will be skipped)`);
      continue;
    }
    for (const [i, token] of customer.tokens.entries()) {
      if (i > 0) await sleep(550);
      const res = await get(`${baseUrl}/reports`, token);
      add(tokenFinding(`customers.${role}.tokens[${i}]`, res.status, EXPECTED[role], `GET /reports answered ${res.status}, expected ${EXPECTED[role]} for this role`));
    }
  }
  for (const [i, customer] of (profile.customers.pool ?? []).entries()) {
    const res = await get(`${baseUrl}/reports`, customer.tokens[0]);
    add(tokenFinding(`customers.pool[${i}]`, res.status, 200, `GET /reports answered ${res.status}, expected 200`));
  }

  const foreignKey = profile.resources?.foreignProjectKey;
  if (foreignKey && profile.customers.foreign) {
    await sleep(1100);
    const asPrimary = await get(`${baseUrl}/reports/${foreignKey}`, profile.customers.primary.tokens[0]);
    const asForeign = await get(`${baseUrl}/reports/${foreignKey}`, profile.customers.foreign.tokens[0]);
    const ok = asPrimary.status === 404 && asForeign.status === 200;
    add({
      ok,
      what: 'primary and foreign are different customers',
      detail: `resources.foreignProjectKey answers ${asPrimary.status} to primary (expected 404) and ${asForeign.status} to foreign (expected 200)`,
      kind: ok ? undefined : 'profile',
    });
  } else {
    log('  --   primary/foreign separation: not verifiable without customers.foreign and resources.foreignProjectKey');
  }

  const receiver = profile.webhook?.receiverPublicUrl;
  if (receiver) {
    try {
      const res = await request(receiver, { method: 'GET' });
      await res.body.dump();
      add({ ok: true, what: 'webhook receiver', detail: `${receiver} answered ${res.statusCode}` });
    } catch (err) {
      add({ ok: false, what: 'webhook receiver', detail: `${receiver} unreachable: ${(err as Error).message}`, kind: 'profile' });
    }
  }

  const problems = findings.filter((f) => !f.ok);
  log(problems.length === 0 ? 'doctor: all good' : `doctor: ${problems.length} problem(s)`);
  if (problems.some((f) => f.kind === 'profile')) return 2;
  return problems.length > 0 ? 3 : 0;
}
