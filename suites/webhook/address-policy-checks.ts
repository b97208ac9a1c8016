/**
 * HOOK-8 against the bundled target (address-policy.ts): every refused address and notation, one
 * check each, judged by what reached the capture's traps and by the PDF response.
 */
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import { addressPolicyScenario, REFUSED_ADDRESSES } from './address-policy.js';
import { attach, contextFor, unlessSkipped, WEBHOOK } from './support.js';

export function addressPolicyChecks(): void {
  describe('pdf.generated: private and reserved webhook targets', () => {
    for (const address of REFUSED_ADDRESSES) {
      check(
        'HOOK-8',
        `a webhook target at ${address.what} must be refused: nothing reaches it, the PDF still succeeds`,
        async (t) => {
          const obs = unlessSkipped(t, await addressPolicyScenario(await contextFor(t)));
          const result = unlessSkipped(t, obs.results.get(address.id) ?? { skip: `no result for ${address.id}` });
          attach(t, result.deliveries, [result.pdf.exchange]);
          expect(result.pdf.status, `the first PDF of ${result.key} with the webhook target ${result.url} must still succeed`).toBe(200);
          expect(
            result.deliveries.map((d) => `${d.method} ${d.host}${d.path} (${d.via})`),
            `requests of project ${result.key} that reached ${result.url} or anything else`,
          ).toEqual([]);
          t.judged('HOOK-8', 1, `first PDF with the webhook target ${result.url} (${result.key}), watched for deliveries`);
        },
        WEBHOOK,
      );
    }
  });
}
