/**
 * HOOK-6 (spec "Events" 2: only sent when a webhook address is configured in the pro area), against
 * the bundled target only: its capture acts as the pro area (it clears the customer's address) and,
 * in the process of the target's sender, sees what that sender sends to the capture, its loopback
 * listeners and intercepted addresses, while nock lets no other connection leave the process (a
 * sender falling back to another customer's address or to loopback is seen). A receiver sees only
 * what is addressed to it, so elsewhere the check is skipped.
 *
 * The customer whose address is cleared is webhook.ssrf.customer (configurable-customer.ts); the
 * first PDF of a fresh calculable project of theirs must succeed and send nothing. The target's
 * sender is asked to become idle before the capture is read, so a delivery that was sent has
 * arrived; the quiet period after it catches a sender that starts late.
 */
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import type { ApiResponse } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import type { Delivery } from '../../harness-core/capture-protocol.js';
import { withConfigurableCustomer } from './configurable-customer.js';
import type { Skipped } from './observation.js';
import { pdfPath, scenarioRecorder, settle, type ScenarioContext } from './scenarios.js';
import { attach, contextFor, unlessSkipped, WEBHOOK } from './support.js';
import { actorOf } from './webhook-customers.js';

interface NoAddressObservation {
  key: string;
  pdf: ApiResponse;
  /** Every request with the project's key the capture saw, wherever it was addressed. */
  deliveries: Delivery[];
  exchanges: Exchange[];
}

const ONLY_OWN_CAPTURE =
  "needs the target's pro area (to clear a customer's webhook address) and a capture in the process of the target's sender: only the capture next to the bundled target has both (webhook.mode \"capture\"); a receiver cannot see deliveries sent elsewhere";

let observation: Promise<NoAddressObservation | Skipped> | undefined;

function noAddressScenario(c: ScenarioContext): Promise<NoAddressObservation | Skipped> {
  observation ??= c.info.targetControl
    ? withConfigurableCustomer(c, async (customer) => {
        const project = customer.fresh.take('first PDF without a webhook address');
        if ('skip' in project) return project;
        const { recorder, exchanges } = scenarioRecorder('no webhook address');
        await c.client.setWebhook(customer.name, null);
        const pdf = await actorOf(customer, recorder).get(pdfPath(project.key));
        await c.client.idle();
        return { key: project.key, pdf, deliveries: await settle(c, project.key, 0), exchanges };
      })
    : Promise.resolve({ skip: ONLY_OWN_CAPTURE });
  return observation;
}

export function noAddressChecks(): void {
  describe('pdf.generated: no webhook address configured', () => {
    check(
      'HOOK-6',
      'the first PDF of a project whose customer has no webhook address configured must succeed and send no delivery',
      async (t) => {
        const obs = unlessSkipped(t, await noAddressScenario(await contextFor(t)));
        attach(t, obs.deliveries, obs.exchanges);
        expect(obs.pdf.status, `the first PDF of the calculable project ${obs.key} must succeed (200): ${obs.pdf.text.slice(0, 200)}`).toBe(200);
        expect(
          obs.deliveries.map((d) => `${d.method} ${d.host}${d.path} (${d.via})`),
          `requests for project ${obs.key}, whose customer has no webhook address, that the target's sender made`,
        ).toEqual([]);
        t.judged('HOOK-6', 1, `first PDF of a project whose customer has no webhook address (${obs.key}), watched for deliveries`);
      },
      WEBHOOK,
    );
  });
}
