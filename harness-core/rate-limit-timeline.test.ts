import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeline, HOLD_MARGIN_MS, heldBackViolations, holdBoundMs, livenessViolations, outcome, roomyDelayMs, safetyViolations, type Hit } from './rate-limit-timeline.js';
import { createSlidingWindowLimiter } from '../reference-server/src/rate-limit/sliding-window.js';

const hit = (sentAt: number, receivedAt: number, status: number, label = `${sentAt}`): Hit => ({ label, sentAt, receivedAt, status });

describe('outcomes', () => {
  it("only a 429 or an answer below 500 is the limiter's decision", () => {
    expect([200, 201, 401, 403, 404, 422].map((status) => outcome({ status }))).toEqual(Array(6).fill('admitted'));
    expect(outcome({ status: 429 })).toBe('refused');
    expect([0, 500, 502, 503, 504].map((status) => outcome({ status }))).toEqual(Array(5).fill('unknown'));
  });
});

describe('safety proofs', () => {
  it('three admitted answered within less than a second of the first send are a violation', () => {
    const v = safetyViolations([hit(0, 5, 200), hit(0, 6, 404), hit(500, 505, 200)]);
    expect(v).toHaveLength(1);
    expect(v[0]?.spanMs).toBe(505);
  });

  it('no proof when the intervals leave room for more than a second', () => {
    expect(safetyViolations([hit(0, 5, 200), hit(0, 6, 200), hit(600, 1000, 200)])).toEqual([]);
    expect(safetyViolations([hit(0, 5, 200), hit(0, 6, 200), hit(500, 505, 429)])).toEqual([]);
  });

  it('unknown outcomes never make a safety proof', () => {
    expect(safetyViolations([hit(0, 5, 200), hit(0, 6, 200), hit(10, 20, 0)])).toEqual([]);
  });

  it("a gateway's 502 or 504 or the target's 500 or 503 between two admissions is no third admission", () => {
    for (const status of [500, 502, 503, 504]) expect(safetyViolations([hit(0, 5, 200), hit(2, 6, status), hit(500, 505, 200)]), `HTTP ${status}`).toEqual([]);
  });
});

describe('liveness proofs', () => {
  it('a refusal with fewer than two admitted possibly in the second before it is a violation', () => {
    const v = livenessViolations([hit(0, 5, 200), hit(0, 5, 200), hit(1010, 1015, 429)]);
    expect(v).toHaveLength(1);
    expect(v[0]?.possible).toEqual([]);
  });

  it('no proof when two admitted can lie in the window, or when an unknown outcome can', () => {
    expect(livenessViolations([hit(0, 5, 200), hit(0, 5, 200), hit(990, 995, 429)])).toEqual([]);
    expect(livenessViolations([hit(0, 5, 200), hit(500, 505, 200), hit(0, 1200, 0), hit(1010, 1015, 429)])).toEqual([]);
    expect(livenessViolations([hit(0, 5, 200), hit(500, 505, 200), hit(1010, 1015, 429)])).toHaveLength(1);
  });

  it('a 503 (or a 502) counts as possibly admitted', () => {
    expect(livenessViolations([hit(0, 5, 200), hit(600, 605, 429)])).toHaveLength(1);
    expect(livenessViolations([hit(0, 5, 200), hit(500, 505, 503), hit(600, 605, 429)])).toEqual([]);
    expect(livenessViolations([hit(0, 5, 200), hit(500, 505, 502), hit(600, 605, 429)])).toEqual([]);
  });

  it('an answer never read was decided at any time after its send: it excuses every refusal answered after the send', () => {
    // Two requests on connections dropped at 0 and 10 ms; the target decided both (admitted) 3 s later.
    const dropped = [hit(0, Infinity, 0), hit(10, Infinity, 0)];
    expect(livenessViolations([...dropped, hit(3100, 3105, 429)])).toEqual([]);
    expect(livenessViolations([...dropped, hit(60_000, 60_005, 429)])).toEqual([]);
    // Sent after the refusal was answered: it cannot have been decided before it.
    expect(livenessViolations([hit(3200, Infinity, 0), hit(3201, Infinity, 0), hit(3100, 3105, 429)])).toHaveLength(1);
    // One unknown is one possible admission, not two.
    expect(livenessViolations([hit(0, Infinity, 0), hit(3100, 3105, 429)])[0]?.possible).toHaveLength(1);
  });

  it("a 5xx answer bounds nothing: a gateway's 504 leaves the request to be decided later", () => {
    expect(livenessViolations([hit(0, 5, 504), hit(0, 5, 502), hit(5000, 5005, 429)])).toEqual([]);
    expect(livenessViolations([hit(0, 5, 200), hit(0, 5, 200), hit(5000, 5005, 429)])).toHaveLength(1);
  });

  it('a finite bound given with status 0 (the pacer: a lane given back after its answers) is kept', () => {
    expect(livenessViolations([hit(0, 1200, 0), hit(0, 1200, 0), hit(3000, 3005, 429)])).toHaveLength(1);
    expect(livenessViolations([hit(0, 2500, 0), hit(0, 2500, 0), hit(3000, 3005, 429)])).toEqual([]);
  });

  it('the timeline shows an answer never read as such', () => {
    expect(formatTimeline([hit(0, Infinity, 0), hit(10, 15, 429)])).toMatch(/never received .*unknown .*decided at any time at or after its send/);
  });

  it('an admitted request sent after the refusal was answered cannot be in its window', () => {
    expect(livenessViolations([hit(0, 5, 429), hit(10, 15, 200), hit(10, 15, 200)])).toHaveLength(1);
  });
});

describe('soundness against an exact sliding log with random latencies', () => {
  it('property: a correct limiter is never convicted, whatever the latencies', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 })), { minLength: 1, maxLength: 40 }),
        (requests) => {
          // Each request: sent at `t`, decided `before` ms later on the target, answered `after` ms after that.
          let t = 0;
          const timed = requests.map(([gap, before, after]) => {
            t += gap;
            return { sentAt: t, decidedAt: t + before, receivedAt: t + before + after };
          });
          const limiter = createSlidingWindowLimiter();
          const decided = [...timed].sort((a, b) => a.decidedAt - b.decidedAt).map((r) => ({ ...r, status: limiter.tryAdmit('c', r.decidedAt) ? 200 : 429 }));
          const hits = decided.map((r) => hit(r.sentAt, r.receivedAt, r.status));
          expect(safetyViolations(hits)).toEqual([]);
          expect(livenessViolations(hits)).toEqual([]);
        },
      ),
    );
  });

  it('property: a correct limiter deciding late, with answers never read, is never convicted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 300 }), fc.boolean()), { minLength: 1, maxLength: 40 }),
        (requests) => {
          // Sent at `t`, decided up to 5 s later; the answer is read `after` ms after the decision, or never (dropped).
          let t = 0;
          const timed = requests.map(([gap, before, after, dropped]) => {
            t += gap;
            return { sentAt: t, decidedAt: t + before, receivedAt: t + before + after, dropped };
          });
          const limiter = createSlidingWindowLimiter();
          const decided = [...timed].sort((a, b) => a.decidedAt - b.decidedAt).map((r) => ({ ...r, status: limiter.tryAdmit('c', r.decidedAt) ? 200 : 429 }));
          const hits = decided.map((r) => (r.dropped ? hit(r.sentAt, Infinity, 0) : hit(r.sentAt, r.receivedAt, r.status)));
          expect(safetyViolations(hits)).toEqual([]);
          expect(livenessViolations(hits)).toEqual([]);
          // Unknowns never set the queueing bound, and held-back proofs only use answers read.
          expect(holdBoundMs(hits)).toBe(holdBoundMs(hits.filter((h) => h.status !== 0)));
        },
      ),
    );
  });

  it('property: a limiter admitting a third request within 600 ms is convicted when latencies stay under 100 ms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (l1, l2, l3) => {
        const hits = [hit(0, l1, 200), hit(0, l2, 200), hit(600, 600 + l3, 200)];
        expect(safetyViolations(hits)).toHaveLength(1);
      }),
    );
  });
});

describe('queueing proofs', () => {
  /** A queue of 2 per sliding second: each request goes on once the window has room, nothing is refused. */
  function queued(sends: readonly number[], latency: (i: number) => number): Hit[] {
    const slots: number[] = [];
    return sends.map((sentAt, i) => {
      const slot = slots.length < 2 ? sentAt : Math.max(sentAt, (slots[slots.length - 2] as number) + 1000);
      slots.push(slot);
      return hit(sentAt, slot + latency(i), 200);
    });
  }

  it('the decision bound is the slowest refusal, else the fastest answer, plus the margin', () => {
    expect(holdBoundMs([hit(0, 5, 200), hit(0, 40, 429), hit(0, 20, 429)])).toBe(40 + HOLD_MARGIN_MS);
    expect(holdBoundMs([hit(0, 5, 200), hit(0, 900, 200), hit(0, 50, 0)])).toBe(5 + HOLD_MARGIN_MS);
  });

  it('a request the window had room for that still waited shows how long the target decides anyway; a queue shows none', () => {
    // The second of a pair waited 2.5 s though one request alone was before it: a late decider.
    expect(roomyDelayMs([hit(0, 20, 200), hit(1, 2500, 200), hit(2, 21, 429)])).toBe(2499);
    // A queue holds only the third, which found the window full: the roomy ones were quick.
    expect(roomyDelayMs([hit(0, 20, 200), hit(1, 21, 200), hit(2, 1003, 200)])).toBe(20);
    // Refused requests leave room; an unknown outcome may have taken it.
    expect(roomyDelayMs([hit(0, 2, 429), hit(1, 3, 429), hit(2, 700, 200)])).toBe(698);
    expect(roomyDelayMs([hit(0, Number.POSITIVE_INFINITY, 0), hit(1, 3, 200), hit(2, 700, 200)])).toBe(2);
  });

  it('a 5xx is neither an answer nor an admission for the queueing proof', () => {
    expect(holdBoundMs([hit(0, 900, 200), hit(0, 2, 502)])).toBe(900 + HOLD_MARGIN_MS);
    // Two admitted, and the rest of the burst answered 503 a second later: no third admission held back.
    const hits = [hit(0, 2, 200), hit(0, 3, 200), ...Array.from({ length: 4 }, (_, i) => hit(0, 1002 + i, 503))];
    expect(heldBackViolations(hits)).toEqual([]);
    expect(heldBackViolations(hits.map((h) => ({ ...h, status: 200 })))).not.toEqual([]);
  });

  it('a burst admitted in pairs a second apart is held back, not jitter', () => {
    const hits = queued(Array.from({ length: 9 }, (_, i) => i * 0.1), () => 2);
    expect(safetyViolations(hits)).toEqual([]);
    const v = heldBackViolations(hits);
    expect(v.length).toBeGreaterThan(0);
    expect(v[0]?.boundMs).toBe(2 + HOLD_MARGIN_MS);
  });

  it('a long burst is convicted even when the bound exceeds a window (slow first answers)', () => {
    const hits = queued(Array.from({ length: 12 }, (_, i) => i * 25), (i) => (i < 2 ? 900 : 5));
    expect(holdBoundMs(hits)).toBe(1400);
    const v = heldBackViolations(hits);
    expect(v[0]?.hits.length).toBe(5);
    expect(v[0]?.most).toBe(4);
  });

  it('a late decision on a dropped connection is no admission for the queueing proof', () => {
    // Two admitted at once, the rest of the burst dropped by the client and decided (admitted) later.
    const hits = [hit(0, 2, 200), hit(0, 3, 200), ...Array.from({ length: 6 }, () => hit(0, Infinity, 0))];
    expect(heldBackViolations(hits)).toEqual([]);
    expect(holdBoundMs(hits)).toBe(2 + HOLD_MARGIN_MS);
  });

  it('a correct limiter that holds requests before deciding holds its refusals too, which raise the bound', () => {
    // Sliding log of 2, every request held 4 s before the decision: admitted at 4000, 4000, refused at 4000.
    const hits = [hit(0, 4002, 200), hit(0, 4003, 200), hit(0, 4004, 429), hit(1500, 1502, 200)];
    expect(heldBackViolations(hits)).toEqual([]);
  });

  it('a burst of which 2 are admitted and the rest refused at once is not', () => {
    const hits = [hit(0, 2, 200), hit(0, 3, 404), ...Array.from({ length: 7 }, () => hit(0, 4, 429))];
    expect(heldBackViolations(hits)).toEqual([]);
  });

  it('property: a queue is convicted on any burst of three or more when round trips stay under 100 ms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 12, maxLength: 12 }), (n, latencies) => {
        const hits = queued(Array.from({ length: n }, () => 0), (i) => latencies[i] as number);
        expect(heldBackViolations(hits).length).toBeGreaterThan(0);
      }),
    );
  });

  it('property: an exact sliding log deciding within the margin of the send is never convicted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: HOLD_MARGIN_MS - 1 }), fc.integer({ min: 0, max: 300 })), { minLength: 1, maxLength: 40 }),
        (requests) => {
          let t = 0;
          const timed = requests.map(([gap, before, after]) => {
            t += gap;
            return { sentAt: t, decidedAt: t + before, receivedAt: t + before + after };
          });
          const limiter = createSlidingWindowLimiter();
          const decided = [...timed].sort((a, b) => a.decidedAt - b.decidedAt).map((r) => ({ ...r, status: limiter.tryAdmit('c', r.decidedAt) ? 200 : 429 }));
          expect(heldBackViolations(decided.map((r) => hit(r.sentAt, r.receivedAt, r.status)))).toEqual([]);
        },
      ),
    );
  });
});
