import { describe, expect, it } from 'vitest';
import type { Hit } from '../../harness-core/rate-limit-timeline.js';
import { falseRefusals, mostAdmitted, overAdmission } from './invalid-token-judgement.js';
import { burstSize, documentedLimit, laneLine, parseInvalidTokenLimit } from './invalid-token-limit.js';

const LIMIT = { requests: 3, windowSeconds: 1 };
const h = (sentAt: number, receivedAt: number, status: number): Hit => ({ label: `${status} at ${sentAt}`, sentAt, receivedAt, status });

describe('429s of one address against its documented limit', () => {
  it('a 429 with fewer than the limit of its requests possible in the window before it is false', () => {
    const v = falseRefusals([h(0, 5, 401), h(100, 105, 401), h(300, 305, 429)], LIMIT);
    expect(v.map((x) => [x.refused.sentAt, x.possible.length])).toEqual([[300, 2]]);
  });

  it('every earlier request counts, refused ones too: a target may count each attempt', () => {
    expect(falseRefusals([h(0, 5, 401), h(100, 105, 429), h(200, 205, 401), h(300, 305, 429)], LIMIT).map((x) => x.refused.sentAt)).toEqual([100]);
  });

  it('a request answered late may have been decided within the window: not proven', () => {
    // Sent 1.5 s before the refusal, but answered 0.7 s before it: the target may have decided it then.
    expect(falseRefusals([h(0, 800, 401), h(1200, 1205, 401), h(1300, 1305, 401), h(1500, 1505, 429)], LIMIT)).toEqual([]);
    expect(falseRefusals([h(0, 400, 401), h(1200, 1205, 401), h(1300, 1305, 401), h(1500, 1505, 429)], LIMIT)).toHaveLength(1);
  });

  it('a request without an answer may have been decided at any later time, so it can explain a refusal', () => {
    expect(falseRefusals([h(-5000, Infinity, 0), h(1200, 1205, 401), h(1300, 1305, 401), h(1500, 1505, 429)], LIMIT)).toEqual([]);
  });

  it('requests sent after the refusal was answered never explain it', () => {
    expect(falseRefusals([h(0, 5, 401), h(10, 15, 429), h(20, 25, 401), h(30, 35, 401)], LIMIT)).toHaveLength(1);
  });
});

describe('admissions of one address within less than one window', () => {
  it('twice the limit fits a fixed window across its boundary; one more is no limit of that value', () => {
    const burst = (n: number) => Array.from({ length: n }, (_, i) => h(i * 10, i * 10 + 5, 401));
    expect(mostAdmitted(burst(2 * LIMIT.requests), LIMIT.windowSeconds).count).toBe(6);
    expect(overAdmission(burst(2 * LIMIT.requests), LIMIT)).toBeUndefined();
    expect(overAdmission(burst(burstSize(LIMIT)), LIMIT)).toMatchObject({ count: 7, allowed: 6 });
  });

  it('a stream steadily past the limit: over k windows more than (k + 1) times the limit', () => {
    // 5 a second against 3 per second: 10 in less than 2 s, where any reading admits at most 9.
    const steady = Array.from({ length: 15 }, (_, i) => h(i * 200, i * 200 + 5, 401));
    expect(mostAdmitted(steady, 1).count).toBe(5);
    expect(overAdmission(steady, LIMIT)).toMatchObject({ count: 10, allowed: 9 });
    // Just past the limit, as a fixed window can admit over a run: no proof.
    expect(overAdmission(Array.from({ length: 12 }, (_, i) => h(i * 250, i * 250 + 5, 401)), LIMIT)).toBeUndefined();
  });

  it('counts only what fell within less than a window whatever the instants: a late answer, a 429 and a lost request do not', () => {
    const hits = [h(0, 5, 401), h(10, 1200, 401), h(20, 25, 429), h(30, Infinity, 0), h(40, 45, 401), h(990, 995, 401), h(1000, 1005, 401)];
    expect(mostAdmitted(hits, 1)).toMatchObject({ count: 3, firstSentAt: 0 });
  });
});

describe('the documented limit', () => {
  it('parses N/S and names the fix otherwise', () => {
    expect(parseInvalidTokenLimit('60/5')).toEqual({ requests: 60, windowSeconds: 5 });
    expect(parseInvalidTokenLimit(' 30 / 0.5 ')).toEqual({ requests: 30, windowSeconds: 0.5 });
    for (const bad of ['60', '0/5', '60/0', 'a/b', '60/5/1', '-1/5']) expect(() => parseInvalidTokenLimit(bad)).toThrow(/--invalid-token-limit '.*' is invalid\. Fix: N\/S/);
  });

  it('the flag first, then the profile, then the bundled server; none: not judged, with the fix', () => {
    const profile = { path: 'p.json', limit: { requests: 30, windowSeconds: 60 } };
    expect(documentedLimit({ flag: { requests: 5, windowSeconds: 1 }, profile })).toMatchObject({ requests: 5, source: '--invalid-token-limit' });
    expect(documentedLimit({ profile, bundled: { requests: 60, windowSeconds: 5 } })).toMatchObject({ requests: 30, source: 'the profile p.json (limits.invalidTokenPerIp)' });
    expect(documentedLimit({ profile: { path: 'p.json', limit: undefined } })).toBeUndefined();
    expect(laneLine({ ratePerSecond: 12, addresses: 4, burst: false, limit: undefined })).toMatch(/not judged\. Fix: --invalid-token-limit N\/S/);
  });

  it("prints a population within its addresses' budgets beside what one address would meet", () => {
    const limit = { requests: 30, windowSeconds: 60, source: 'the profile p.json' };
    expect(laneLine({ ratePerSecond: 12, addresses: 64, burst: false, limit })).toBe(
      'invalid-token lane: 12 req/s over 64 addresses: 0.19 per address per second, within 30 per 60 s (0.50/s, documented by the profile p.json); from one address it would be refused after 30 in every 60 s',
    );
    expect(laneLine({ ratePerSecond: 12, addresses: 1, burst: true, limit })).toMatch(/from one address, past 30 per 60 s .*each address is refused after 30 in a window.*--invalid-burst: 61 at once/);
  });
});
