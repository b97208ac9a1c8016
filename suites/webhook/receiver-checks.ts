/**
 * Receivers that fail (spec "Events" 2 and 4): the capture answers a project's delivery with a
 * 500, holds it past any sensible sender timeout, drops the connection, or redirects it. Both
 * capture kinds can be told so, so these checks run against foreign targets too. The PDF's response
 * time comes from the harness's own send and receive timestamps of that request.
 */
import { describe, expect } from 'vitest';
import { check, type CheckContext } from '../harness/check.js';
import { responseMs } from './observation.js';
import { FAILING, failingScenario, FAST_PDF_MS, type FailingKind, type FailingObservation } from './scenarios.js';
import { attach, contextFor, unlessSkipped, WEBHOOK } from './support.js';

async function observeFailing(t: CheckContext, kind: FailingKind): Promise<FailingObservation> {
  const obs = unlessSkipped(t, await failingScenario(await contextFor(t), kind));
  attach(t, obs.deliveries, obs.exchanges);
  return obs;
}

function expectFastPdf(t: CheckContext, obs: FailingObservation): void {
  expect(obs.pdf.status, `the PDF response with ${obs.what} must be 200: ${obs.pdf.text.slice(0, 200)}`).toBe(200);
  expect(obs.deliveries.length, `the scenario needs the delivery attempt to ${obs.what}; none arrived`).toBeGreaterThan(0);
  const ms = responseMs(obs.pdf);
  expect(ms, `the PDF response took ${Math.round(ms)} ms with ${obs.what}: the delivery must not block it (limit ${FAST_PDF_MS} ms)`).toBeLessThan(FAST_PDF_MS);
  t.judged('HOOK-15', 1, `PDF response (${obs.key}, ${Math.round(ms)} ms) while its delivery met ${obs.what}`);
}

export function receiverChecks(): void {
  describe('pdf.generated: receivers that fail', () => {
    for (const kind of ['slow', 'status-500', 'drop'] as const) {
      check(
        'HOOK-15',
        `${FAILING[kind].what} must not block or fail the PDF response (200 within ${FAST_PDF_MS / 1000} s)`,
        async (t) => expectFastPdf(t, await observeFailing(t, kind)),
        WEBHOOK,
      );
    }

    for (const kind of ['status-500', 'drop', 'slow'] as const) {
      check(
        'HOOK-14',
        `a failed delivery (${FAILING[kind].what}${kind === 'slow' ? `, longer than a sender waits` : ''}) must not be retried: exactly one request`,
        async (t) => {
          const obs = await observeFailing(t, kind);
          expect(obs.pdf.status, 'the PDF call must succeed').toBe(200);
          expect(obs.deliveries.length, `requests the capture got for ${obs.key} after ${obs.what}`).toBe(1);
          t.judged('HOOK-14', 1, `failed delivery (${obs.key}, ${obs.what}) counted`);
        },
        WEBHOOK,
      );
    }

    check(
      'HOOK-7',
      'a redirect of the webhook target (302 to another location) must not be followed',
      async (t) => {
        const obs = await observeFailing(t, 'redirect');
        expect(obs.pdf.status, 'the PDF call must succeed').toBe(200);
        expect(obs.deliveries.length, 'the scenario needs the delivery attempt; none arrived').toBeGreaterThan(0);
        const followed = obs.deliveries.filter((d) => d.via === 'redirect');
        expect(followed.map((d) => `${d.method} ${d.host}${d.path}`), 'requests that followed the redirect').toEqual([]);
        expect(obs.deliveries.length, 'requests the configured target got').toBe(1);
        t.judged('HOOK-7', 1, `delivery answered with a redirect (${obs.key})`);
      },
      WEBHOOK,
    );
  });
}
