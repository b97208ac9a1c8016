/**
 * "Only HTTPS is used" (What the service does). The kit sees the base URL it is given and the links
 * the target hands out, so those must use https. Project, document and webhook links all lie under
 * {site_url} (PROJ-71, DOC-2 to DOC-4, HOOK-28 compare their origin with it), so the project link of
 * a pool customer's project stands for all of them without spending the primary customer's budget.
 *
 * Plain http to a loopback host (127.0.0.0/8, ::1, localhost) is a finding waived for local
 * targets: the bundled reference server, a sandbox on the developer's machine. Such a check is
 * reported skipped with the reason "local target over http (waived)", never passed; plain http to
 * any other host fails. Whether a target also refuses plain http in front of it depends on the
 * network there and is not judged.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { check } from '../harness/check.js';
import { expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { target } from '../harness/target.js';

type Transport = 'https' | 'waived' | 'plain http';

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** How a URL is reached: https, plain http waived for a loopback host, or plain http. */
function transportOf(url: string): Transport {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return 'https';
  return isLoopback(parsed.hostname) ? 'waived' : 'plain http';
}

const WAIVED = 'local target over http (waived)';

/** What the link check reads of the detail; PROJ-70 judges the header's members and their types. */
const withLink = z.looseObject({ projektHeader: z.looseObject({ link: z.string() }) });

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function transportChecks(): void {
  describe('HTTPS only', () => {
    check(
      'META-13',
      'the base URL must use https (GET / answered over it); plain http to a loopback host is waived',
      async (t) => {
        const res = await t.publicClient().get('/');
        expectStatus(res, 200);
        const transport = transportOf(target().baseUrl);
        if (transport === 'waived') t.skip(`${WAIVED}: ${target().baseUrl}`);
        expect(transport, `the API must be served over HTTPS only, but the base URL is ${target().baseUrl}`).toBe('https');
      },
    );

    check(
      'META-13',
      'the links the target hands out (projektHeader.link of a project, standing for every link under {site_url}) must use https; plain http to a loopback host is waived',
      async (t) => {
        const { actor, key } = await t.ownerWithProject();
        const detail = readOnward(await actor.get(`/reports/${key}`), { status: 200, schema: withLink, owner: 'PROJ-95, PROJ-96, PROJ-70', statusRule: 'PROJ-95', what: 'the project detail' });
        const link = detail.projektHeader.link;
        const transport = transportOf(link);
        if (transport === 'waived') t.skip(`${WAIVED}: projektHeader.link ${link}`);
        expect(transport, `links must use https (plain http to a public host is never waived), but projektHeader.link is ${link}`).toBe('https');
      },
      { writes: true },
    );
  });
}
