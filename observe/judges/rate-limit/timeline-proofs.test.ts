import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { livenessViolations, safetyViolations, type Hit } from '../../../harness-core/rate-limit-timeline.js';
import { observed } from '../testing/exchange-builder.js';
import { A, B, req } from './test-requests.js';
import { slackOf } from './timeline-entry.js';
import { rateLimitTimelineJudge } from './timeline-judge.js';

/**
 * The streamed judge against the module's proofs on whole timelines: the same safety and liveness
 * violations, whatever order the exchanges come in (by start, as a HAR lists them, or by
 * completion, as a proxy records them).
 */
const request = fc.record({
  token: fc.constantFrom(A, B),
  at: fc.integer({ min: 0, max: 3000 }),
  durationMs: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 1500 })),
  status: fc.constantFrom(200, 200, 200, 404, 422, 429, 429, 429, 401, 503),
});

describe('the streamed timeline judge agrees with rate-limit-timeline.ts', () => {
  it('on safety and liveness violations, in either recording order', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 30 }), fc.boolean(), (requests, byCompletion) => {
        // Both tokens admitted long before, so every refusal is judged.
        const specs = [req(-20_000, 200, A), req(-20_000, 200, B), ...requests.map((r) => req(r.at, r.status, r.token, { durationMs: r.durationMs }))];
        const ordered = [...specs].sort((a, b) => (byCompletion ? (a.at ?? 0) + (a.durationMs ?? 0) - ((b.at ?? 0) + (b.durationMs ?? 0)) : (a.at ?? 0) - (b.at ?? 0)));
        const o = observed([rateLimitTimelineJudge], ordered);

        const hits = ordered.map((s): Hit & { token: string } => ({ label: '', token: s.token as string, sentAt: (s.at as number) - slackOf(s), receivedAt: (s.at as number) + (s.durationMs as number) + slackOf(s), status: s.status }));
        const counted = (h: Hit) => h.status === 200 || h.status === 404 || h.status === 422;
        const expectedUnsafe = [A, B].map((t) => safetyViolations(hits.filter((h) => h.token === t && counted(h)), { max: Infinity }).length).reduce((a, b) => a + b);
        expect(o.rules['RATE-1']?.failed).toBe(expectedUnsafe);

        // Every refusal the module proves too soon fails RATE-2 or RATE-11 (which one depends on the token's refusals before it).
        let held = 0;
        let tooSoon = 0;
        for (const r of hits.filter((h) => h.status === 429)) {
          const others = hits.filter((h) => h !== r && h.status !== 429);
          if (livenessViolations([r, ...others.filter(counted)]).length === 0) held++;
          else if (livenessViolations([r, ...others]).length > 0) tooSoon++;
        }
        const failed = { 'RATE-2': o.rules['RATE-2']?.failed ?? 0, 'RATE-11': o.rules['RATE-11']?.failed ?? 0 };
        expect((o.rules['RATE-2']?.judged ?? 0) - failed['RATE-2']).toBe(held);
        expect(failed['RATE-2']).toBeLessThanOrEqual(tooSoon);
        expect(failed['RATE-2'] + failed['RATE-11']).toBeGreaterThanOrEqual(tooSoon);
        if (tooSoon === 0) expect(failed).toEqual({ 'RATE-2': 0, 'RATE-11': 0 });
      }),
      { numRuns: 300 },
    );
  });
});
