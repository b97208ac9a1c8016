import { describe, expect, it } from 'vitest';
import { ExchangeView } from '../../judge/exchange-view.js';
import { Observer } from '../../judge/observer.js';
import { Ledger } from '../../judge/ledger.js';
import { exchangeOf, observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { A, B, health, req, T0 } from './test-requests.js';
import { rateLimitTimelineJudge, RateTimeline } from './timeline-judge.js';

const SAFETY = ['RATE-1', 'RATE-3'];
const SITUATIONS = ['RATE-4', 'RATE-7', 'RATE-9', 'RATE-15'];
const judge = (specs: Parameters<typeof observed>[1], rules: readonly string[]) => verdictsOf(observed([rateLimitTimelineJudge], specs), rules);

describe('safety: a token admitted more than 2 within one sliding second', () => {
  it('passes 2 admissions and the refusals of a burst, then 2 more a second later', () => {
    expect(judge([req(0, 200), req(0, 200), req(10, 429), req(20, 429), req(1100, 200), req(1100, 200), req(1110, 429)], SAFETY)).toEqual({
      'RATE-1': 'pass 4/0',
      // And the refusals, for liveness.
      'RATE-3': 'pass 7/0',
    });
  });

  it('fails a third admission answered less than a second after the first was sent, keeping the three as proof', () => {
    const o = observed([rateLimitTimelineJudge], [req(0, 200), req(10, 200), req(900, 200, A, { durationMs: 50 })]);
    // Admitted about a second after the first: a sliding window a little short, not an impostor (RATE-3 records nothing on it).
    expect(verdictsOf(o, [...SAFETY, ...SITUATIONS])).toEqual({ 'RATE-1': 'fail 3/1', 'RATE-3': 'pass 2/0', 'RATE-4': 'not-observed 0/0', 'RATE-7': 'not-observed 0/0', 'RATE-9': 'not-observed 0/0', 'RATE-15': 'not-observed 0/0' });
    const failure = o.rules['RATE-1']?.failures[0];
    expect(failure?.exchanges.map((e) => e.at)).toEqual([T0 + 900, T0, T0 + 10].map((t) => new Date(t).toISOString()));
    expect(failure?.message).toContain('3 admitted requests answered within');
  });

  it('proves nothing on starts given to the whole second: each may lie up to a second off its stamp', () => {
    // A recorder that leaves out the fraction stamps three sends spread over a second alike.
    const whole = 863;
    const toTheSecond = { startUnitMs: 1000 };
    expect(judge([req(whole, 200, A, toTheSecond), req(whole, 200, A, toTheSecond), req(whole, 200, A, toTheSecond)], SAFETY)).toEqual({ 'RATE-1': 'pass 3/0', 'RATE-3': 'pass 3/0' });
    // Stamped to the millisecond, a whole second is the moment it names, as any other.
    expect((T0 + whole) % 1000).toBe(0);
    expect(judge([req(whole, 200), req(whole, 200), req(whole, 200)], ['RATE-1'])).toEqual({ 'RATE-1': 'fail 3/1' });
    // Stamped to the tenth of a second, three sends within 100 ms may lie 300 ms apart; within a second still.
    const toTheTenth = { startUnitMs: 100 };
    expect(judge([req(100, 200, A, toTheTenth), req(100, 200, A, toTheTenth), req(200, 200, A, toTheTenth)], ['RATE-1'])).toEqual({ 'RATE-1': 'fail 3/1' });
    expect(judge([req(0, 200, A, toTheTenth), req(0, 200, A, toTheTenth), req(900, 200, A, toTheTenth)], ['RATE-1'])).toEqual({ 'RATE-1': 'pass 3/0' });
  });

  it('fails RATE-3 as well when the set was admitted far sooner than a second after the first (a bucket, a fixed window)', () => {
    expect(judge([req(0, 200), req(0, 200), req(550, 200)], SAFETY)).toEqual({ 'RATE-1': 'fail 3/1', 'RATE-3': 'fail 3/1' });
  });

  it('leaves RATE-3 alone on a set that uncounted rejections explain as well (RATE-9)', () => {
    const rejections = [req(-5000, 200), req(0, 404, A, { path: '/reports/abcdefghi' }), req(0, 422, A, { path: '/funding/applications?limit=101' }), req(20, 200)];
    expect(judge(rejections, ['RATE-1', 'RATE-3', 'RATE-9'])).toEqual({ 'RATE-1': 'fail 4/1', 'RATE-3': 'pass 3/0', 'RATE-9': 'fail 1/1' });
  });

  it('charges a situation only on the order the stamps show for certain, and spares RATE-3 on one they leave possible', () => {
    // Stamped to the tenth of a second, the admission 20 ms after the rejections may have been sent before their answers.
    const toTheTenth = (spec: ExchangeSpec): ExchangeSpec => ({ ...spec, startUnitMs: 100 });
    const rejections = [req(-5000, 200), req(0, 404, A, { path: '/reports/abcdefghi' }), req(0, 422, A, { path: '/funding/applications?limit=101' }), req(20, 200)].map(toTheTenth);
    expect(judge(rejections, ['RATE-1', 'RATE-3', 'RATE-9'])).toEqual({ 'RATE-1': 'fail 4/1', 'RATE-3': 'pass 3/0', 'RATE-9': 'not-observed 0/0' });
    // A second later than the stamps' unit, the order is certain.
    const later = [req(-5000, 200), req(0, 404, A, { path: '/reports/abcdefghi' }), req(0, 422, A, { path: '/funding/applications?limit=101' }), req(300, 200)].map(toTheTenth);
    expect(judge(later, ['RATE-9'])).toEqual({ 'RATE-9': 'fail 1/1' });
    // Three requests of 5 ms, stamped within a tenth of a second alike, are not shown under way at once (RATE-7), nor spare RATE-3 unless they may be.
    const burst = [req(-5000, 200), req(0, 200), req(0, 200, A, { durationMs: 5 }), req(0, 200)].map(toTheTenth);
    expect(judge(burst, ['RATE-1', 'RATE-3', 'RATE-7'])).toEqual({ 'RATE-1': 'fail 4/1', 'RATE-3': 'pass 3/0', 'RATE-7': 'not-observed 0/0' });
  });

  it('counts every failure, working out the proof only of those the ledger keeps', () => {
    const bursts = Array.from({ length: 12 }, (_, i) => [req(i * 2000, 200), req(i * 2000, 200), req(i * 2000 + 10, 200)]).flat();
    const o = observed([rateLimitTimelineJudge], bursts);
    expect(verdictsOf(o, ['RATE-1'])).toEqual({ 'RATE-1': 'fail 36/12' });
    expect(o.rules['RATE-1']?.failures.map((f) => f.exchanges.length)).toEqual(Array(10).fill(3));
  });

  it('proves nothing when the intervals leave room for more than a second', () => {
    expect(judge([req(0, 200), req(10, 200), req(900, 200, A, { durationMs: 150 })], ['RATE-1'])).toEqual({ 'RATE-1': 'pass 3/0' });
  });

  it('counts tokens apart: two tokens of one customer look like two customers', () => {
    expect(judge([req(0, 200, A), req(0, 200, A), req(10, 200, B), req(10, 200, B)], ['RATE-1'])).toEqual({ 'RATE-1': 'pass 4/0' });
  });

  it("counts a token's 403, 404 and 422 only once it was served: a server may answer invalid tokens 404", () => {
    const rejected = [req(0, 404, A, { path: '/reports/abcdefghi' }), req(10, 404, A, { path: '/reports/abcdefghi' }), req(20, 404, A, { path: '/reports/abcdefghi' })];
    expect(judge(rejected, ['RATE-1'])).toEqual({ 'RATE-1': 'not-observed 0/0' });
    expect(judge([req(-5000, 200), ...rejected], ['RATE-1'])).toEqual({ 'RATE-1': 'fail 4/1' });
  });

  it('counts only answers the spec makes count: not 401, 5xx, a 400, requests with two Authorization headers, or a method the table lacks', () => {
    const specs = [
      req(0, 200),
      req(10, 200),
      req(20, 401),
      req(30, 500),
      req(40, 400),
      req(50, 200, A, { requestHeaders: { authorization: 'Bearer other-token-123' } }),
      req(60, 200, A, { method: 'HEAD', path: '/health' }),
    ];
    expect(judge(specs, ['RATE-1'])).toEqual({ 'RATE-1': 'pass 2/0' });
  });

  it('fails the rule whose situation a violating set shows, as the active checks set it up', () => {
    const failed = (specs: Parameters<typeof observed>[1]) => Object.entries(judge(specs, SITUATIONS)).filter(([, v]) => v.startsWith('fail')).map(([rule, v]) => `${rule} ${v}`);
    // Three endpoints admitted one after the other, while the limiter refused another request of the token.
    const three = [req(0, 200), req(100, 200, A, { path: '/funding/applications' }), req(150, 429, A, { path: '/reports/abcdefghi/pictures' }), req(200, 200, A, { path: '/reports/abcdefghi/rooms' })];
    expect(failed(three)).toEqual(['RATE-4 fail 2/1']);
    // Without a refusal in that second they show nothing of it: a fixed window admits so many too.
    expect(failed(three.filter((r) => r.status !== 429))).toEqual([]);
    // Three at once.
    expect(failed([req(0, 200, A, { durationMs: 50 }), req(10, 200, A, { durationMs: 50 }), req(20, 200, A, { durationMs: 50 })])).toEqual(['RATE-7 fail 1/1']);
    // Two rejections answered, then an admission.
    expect(failed([req(0, 404, A, { path: '/reports/abcdefghi' }), req(0, 404, A, { path: '/reports/abcdefghi' }), req(20, 200)])).toEqual(['RATE-9 fail 1/1']);
    // Asking for more in the query.
    expect(failed([req(0, 200), req(100, 200, A, { path: '/reports?rateLimit=1000' }), req(200, 200)])).toEqual(['RATE-15 fail 1/1']);
    // A query parameter of the endpoint asks for nothing.
    expect(failed([req(0, 200), req(100, 422, A, { path: '/funding/applications?limit=101' }), req(200, 200)])).toEqual([]);
  });

  it('judges those rules held on a busy second that shows their situation', () => {
    // Two rejections on one endpoint, then a refusal sent after them (the RATE-9 check), of a token served before.
    expect(judge([req(-5000, 200), req(0, 404, A, { path: '/reports/abcdefghi' }), req(0, 404, A, { path: '/reports/abcdefghi' }), req(20, 429)], SITUATIONS)).toEqual({
      'RATE-4': 'not-observed 0/0',
      'RATE-7': 'not-observed 0/0',
      'RATE-9': 'pass 1/0',
      'RATE-15': 'not-observed 0/0',
    });
    // A burst to four endpoints asking for more (the RATE-4, RATE-7 and RATE-15 checks), each admission judged.
    const raising = { requestHeaders: { 'x-ratelimit-limit': '1000' } };
    const burst = [
      req(0, 200, A, raising),
      req(0, 404, A, { ...raising, path: '/reports/abcdefghi' }),
      req(0, 429, A, { ...raising, path: '/funding/applications', durationMs: 3 }),
      req(0, 429, A, { ...raising, path: '/reports/abcdefghi/rooms', durationMs: 3 }),
    ];
    expect(judge(burst, SITUATIONS)).toEqual({ 'RATE-4': 'pass 2/0', 'RATE-7': 'pass 2/0', 'RATE-9': 'not-observed 0/0', 'RATE-15': 'pass 2/0' });
    // The same burst as a proxy may record it: its refusals a fraction of a millisecond before its admissions, under way at their sends.
    const recordedFirst = [req(-0.2, 429, A, { ...raising, path: '/funding/applications', durationMs: 20 }), req(-0.1, 429, A, { ...raising, path: '/reports/abcdefghi/rooms', durationMs: 20 }), req(0, 200, A, raising), req(0.1, 404, A, { ...raising, path: '/reports/abcdefghi' })];
    expect(judge(recordedFirst, SITUATIONS)).toEqual({ 'RATE-4': 'pass 2/0', 'RATE-7': 'pass 2/0', 'RATE-9': 'not-observed 0/0', 'RATE-15': 'pass 2/0' });
    // A quiet token shows nothing about them.
    expect(judge([req(0, 200), req(2000, 200, A, { path: '/funding/applications' })], SITUATIONS)).toEqual({
      'RATE-4': 'not-observed 0/0',
      'RATE-7': 'not-observed 0/0',
      'RATE-9': 'not-observed 0/0',
      'RATE-15': 'not-observed 0/0',
    });
  });
});

describe('liveness where each customer has one token (oneTokenPerCustomer)', () => {
  const perToken = (specs: Parameters<typeof observed>[1]) => {
    const observer = new Observer([rateLimitTimelineJudge], { oneTokenPerCustomer: true });
    specs.forEach((spec, i) => observer.see(exchangeOf(spec, i)));
    return observer.verdicts(true);
  };
  // B's requests fill the second before A's refusal: any token's may be A's customer's, its own may not.
  const refusedAmidOthers = [req(-5000, 200), req(0, 200, B), req(0, 200, B), req(10, 429)];

  it("fails RATE-2 for a refusal its own token's requests cannot explain, whatever other tokens sent", () => {
    expect(verdictsOf(observed([rateLimitTimelineJudge], refusedAmidOthers), ['RATE-2'])).toEqual({ 'RATE-2': 'pass 1/0' });
    const o = perToken(refusedAmidOthers);
    expect(verdictsOf(o, ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
    expect(o.rules['RATE-2']?.failures[0]?.message).toContain('of its token (one token per customer, as declared)');
  });

  it("holds a refusal its own token's two requests explain", () => {
    expect(verdictsOf(perToken([req(0, 200), req(0, 200), req(0, 200, B), req(10, 429)]), ['RATE-1', 'RATE-2'])).toEqual({ 'RATE-1': 'pass 3/0', 'RATE-2': 'pass 1/0' });
  });

  it('forgets idle tokens as the shared timeline does', () => {
    const timeline = new RateTimeline(true);
    const ledger = new Ledger(false);
    const specs = [...Array.from({ length: 50 }, (_, k) => req(k * 10, 200, `token-${k}-1234567890`)), req(60_000, 200)];
    specs.forEach((spec, i) => timeline.see(new ExchangeView(exchangeOf(spec, i), i), ledger));
    expect(timeline.held.possible).toBeLessThan(5);
  });
});

describe('liveness: a refusal fewer than 2 requests of any token can explain', () => {
  it('passes a refusal after 2 admissions of the token, or of other tokens', () => {
    expect(judge([req(0, 200), req(0, 200), req(10, 429)], ['RATE-2', 'RATE-3'])).toEqual({ 'RATE-2': 'pass 1/0', 'RATE-3': 'pass 3/0' });
    expect(judge([req(-5000, 200), req(0, 200, B), req(0, 200, B), req(10, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'pass 1/0' });
  });

  it('fails RATE-2 for a refusal in an empty second, keeping the refusal and what could lie before it', () => {
    const o = observed([rateLimitTimelineJudge], [req(0, 200), req(1100, 429)]);
    expect(verdictsOf(o, ['RATE-2', 'RATE-3', 'RATE-10', 'RATE-11'])).toEqual({ 'RATE-2': 'fail 1/1', 'RATE-3': 'pass 1/0', 'RATE-10': 'not-observed 0/0', 'RATE-11': 'not-observed 0/0' });
    const failure = o.rules['RATE-2']?.failures[0];
    expect(failure?.message).toMatch(/^refused although no protected request of any token can lie in the second before it:\n/);
    expect(failure?.exchanges).toHaveLength(1);
    expect(judge([req(0, 200), req(900, 200), req(1100, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
  });

  it('proves nothing on a refusal whose second began before the recording (a HAR begun later, a proxy started amid traffic)', () => {
    // What was admitted before the first exchange recorded is not in the recording.
    expect(judge([req(0, 200), req(300, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
    // Two admissions recorded hold it all the same.
    expect(judge([req(0, 200), req(0, 200), req(300, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'pass 1/0' });
    // A second later the recording holds the whole second before a refusal.
    expect(judge([req(0, 200), req(300, 429), req(1500, 200), req(1600, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
  });

  it('fails RATE-11 (not RATE-2) for a retry more than a second after a 429 that only counting refusals explains', () => {
    // The active check's plan: 2 admitted, 429s every 200 ms, then a request a second after the first 429.
    const specs = [req(0, 200), req(0, 200), req(10, 429), req(200, 429), req(400, 429), req(600, 429), req(800, 429), req(1050, 429)];
    expect(judge(specs, ['RATE-2', 'RATE-11'])).toEqual({ 'RATE-2': 'pass 5/0', 'RATE-11': 'fail 1/1' });
    // With nothing to explain it, both.
    expect(judge([req(0, 200), req(0, 200), req(10, 429), req(1100, 429)], ['RATE-2', 'RATE-11'])).toEqual({ 'RATE-2': 'fail 2/1', 'RATE-11': 'fail 1/1' });
    expect(judge([...specs.slice(0, 7), req(1050, 200), req(1060, 200), req(1070, 429)], ['RATE-2', 'RATE-11'])).toEqual({ 'RATE-2': 'pass 6/0', 'RATE-11': 'pass 1/0' });
  });

  it('fails RATE-10 (not RATE-2) where only public requests sent with credentials could explain a refusal', () => {
    const o = observed([rateLimitTimelineJudge], [req(-5000, 200), health(0), health(5), req(20, 429)]);
    expect(verdictsOf(o, ['RATE-2', 'RATE-3', 'RATE-10'])).toEqual({ 'RATE-2': 'not-observed 0/0', 'RATE-3': 'pass 1/0', 'RATE-10': 'fail 1/1' });
    expect(o.rules['RATE-10']?.failures[0]?.exchanges).toHaveLength(3);
    expect(judge([req(-5000, 200), req(0, 200), req(0, 200), health(5), req(20, 429)], ['RATE-10'])).toEqual({ 'RATE-10': 'pass 1/0' });
  });

  it("fails RATE-10 for a public request answered with the customer limit's 429", () => {
    expect(judge([req(-5000, 200), req(0, 200), req(0, 200), health(10, A, 429)], ['RATE-10'])).toEqual({ 'RATE-10': 'fail 1/1' });
    // Only a token seen served shows it was the customer limit.
    expect(judge([health(10, B, 429)], ['RATE-10'])).toEqual({ 'RATE-10': 'not-observed 0/0' });
  });

  it('leaves undecided what the judge cannot tell', () => {
    const liveness = ['RATE-2', 'RATE-3', 'RATE-10', 'RATE-11'];
    const none = { 'RATE-2': 'not-observed 0/0', 'RATE-3': 'not-observed 0/0', 'RATE-10': 'not-observed 0/0', 'RATE-11': 'not-observed 0/0' };
    // A token never seen served: the per-address limit of invalid tokens may have refused it.
    expect(judge([req(0, 429)], liveness)).toEqual(none);
    // A 429 with another limit's values (FREE-RATE-2).
    const perAddress = { status: 429, error: 'Zu viele.', details: { type: 'rate_limit', limit: 60, windowSeconds: 5, retryAfter: 5 } };
    expect(judge([req(-5000, 200), req(0, 429, A, { responseBody: perAddress })], ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
    // Two Authorization headers: the target may have taken either, or none.
    expect(judge([req(-5000, 200), req(0, 429, A, { requestHeaders: { authorization: `Bearer ${B}` } })], ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
    // Requests that may have counted (a 401 may be a blocked customer's, a 5xx decided at any time).
    expect(judge([req(-5000, 200), req(0, 401, B), req(0, 401, B), req(10, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
    expect(judge([req(-5000, 200), req(-4000, 503, B), req(-3000, 502, B), req(10, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
    // A request without credentials answered 401 belongs to no customer: it explains nothing.
    expect(judge([req(-5000, 200), { ...req(0, 401), token: undefined }, { ...req(0, 401), token: undefined }, req(10, 429)], ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
  });

  it('waits for requests a proxy records late (by completion): a long one sent before the refusal explains it', () => {
    const longPdf = req(-100, 200, B, { path: '/reports/abcdefghi/pdf', durationMs: 20_000 });
    const later = Array.from({ length: 10 }, (_, i) => req(3000 + i * 1000, 200, B));
    expect(judge([req(-5000, 200), req(-50, 200, B), req(10, 429), ...later.slice(0, 5), longPdf, ...later.slice(5)], ['RATE-2'])).toEqual({ 'RATE-2': 'pass 1/0' });
    expect(judge([req(-5000, 200), req(-50, 200, B), req(10, 429), ...later], ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
  });
});

describe('streaming', () => {
  it('leaves undecided what arrives after its second was forgotten', () => {
    const late = [req(-5000, 200), req(0, 200), req(60_000, 200), req(10, 429), req(20, 200), req(25, 200), req(30, 200)];
    expect(judge(late, ['RATE-1', 'RATE-2'])).toEqual({ 'RATE-1': 'pass 3/0', 'RATE-2': 'not-observed 0/0' });
  });

  it('keeps memory bounded by time, not by the length of the observation', () => {
    const timeline = new RateTimeline();
    const ledger = new Ledger();
    const tokens = Array.from({ length: 40 }, (_, i) => `token-${i}-abcdefgh`);
    const templates = tokens.map((t) => [exchangeOf(req(0, 200, t)), exchangeOf(req(0, 429, t))] as const);
    let most = { tokens: 0, pending: 0, possible: 0, awaited: 0 };
    // 200 s of traffic at 200 exchanges a second; each token admitted twice a second, refused otherwise.
    for (let k = 0; k < 40_000; k++) {
      const [admitted, refused] = templates[k % tokens.length] as (typeof templates)[number];
      const round = Math.floor(k / tokens.length) % 5;
      timeline.see(new ExchangeView({ ...(round < 2 ? admitted : refused), startedAt: T0 + k * 5 + round * 10, durationMs: 3 }, k), ledger);
      const held = timeline.held;
      most = { tokens: Math.max(most.tokens, held.tokens), pending: Math.max(most.pending, held.pending), possible: Math.max(most.possible, held.possible), awaited: Math.max(most.awaited, held.awaited) };
    }
    timeline.end(ledger);
    expect(most.tokens).toBeLessThanOrEqual(40);
    // About what 7 s (pending: 3 s) of traffic hold.
    expect(most.possible).toBeLessThan(200 * 7 * 0.4 + 50);
    expect(most.pending).toBeLessThan(200 * 3.2);
    expect(most.awaited).toBe(0);
    expect(ledger.tallies().get('RATE-1')).toMatchObject({ judged: 16_000, failed: 0 });
    expect(ledger.tallies().get('RATE-2')).toMatchObject({ judged: 24_000, failed: 0 });
  });
});

describe('requests a recording holds no answer of (status 0, not forwarded)', () => {
  /** The observation of `specs`, those at the `unanswered` indexes sent without an answer. */
  const withUnanswered = (specs: Parameters<typeof observed>[1], unanswered: ReadonlySet<number>) => {
    const observer = new Observer([rateLimitTimelineJudge]);
    specs.forEach((spec, i) => observer.see({ ...exchangeOf(spec, i), ...(unanswered.has(i) && { unanswered: 'status 0' }) }));
    return observer.verdicts(true);
  };

  it('may have been counted: a refusal it could explain is not failed', () => {
    const refused = [req(-5000, 200), req(0, 200), req(20, 429)];
    expect(verdictsOf(withUnanswered(refused, new Set()), ['RATE-2'])).toEqual({ 'RATE-2': 'fail 1/1' });
    expect(verdictsOf(withUnanswered([...refused.slice(0, 2), req(10, 0), refused[2] as (typeof refused)[number]], new Set([2])), ['RATE-2'])).toEqual({ 'RATE-2': 'not-observed 0/0' });
  });

  it('proves neither an admission nor a refusal', () => {
    const specs = [req(-5000, 200), req(0, 200), req(5, 200), req(10, 200), req(20, 429)];
    expect(verdictsOf(withUnanswered(specs, new Set([3, 4])), ['RATE-1', 'RATE-2'])).toEqual({ 'RATE-1': 'pass 3/0', 'RATE-2': 'not-observed 0/0' });
    expect(verdictsOf(withUnanswered(specs, new Set()), ['RATE-1'])).toEqual({ 'RATE-1': 'fail 4/1' });
  });
});
