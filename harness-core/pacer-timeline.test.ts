import { describe, expect, it } from 'vitest';
import { createPacerTimeline, type PacerTimeline } from './pacer-timeline.js';

/** A paced request: granted at `from`, released at `to` with `status`. */
function request(timeline: PacerTimeline, id: number, from: number, to: number, status: number): void {
  timeline.granted(id, from, { grants: 1, held: false });
  timeline.released(id, to, { status, label: `GET /reports #${id}` });
}

/** A held lane of two grants from `from` to `to` (no status: unpaced requests of the holder lie within). */
function hold(timeline: PacerTimeline, id: number, from: number, to?: number, openEnded = false): void {
  timeline.granted(id, from, { grants: 2, held: true });
  if (to === undefined) return;
  timeline.released(id, to, { openEnded });
  timeline.released(id, to, { openEnded });
}

describe("the pacer's timeline of a customer", () => {
  it('proves a refusal wrong when only one earlier request lies in the second before it', () => {
    const timeline = createPacerTimeline(0);
    request(timeline, 1, 5000, 5010, 200);
    request(timeline, 2, 5500, 5510, 429);
    const proof = timeline.disprove(2, 5520);
    expect(proof).toMatch(/^refused although only 1 admitted request\(s\) can lie in the second before it/);
    expect(proof).toContain('GET /reports #1');
    expect(proof).toContain('GET /reports #2 (the refusal)');
  });

  it('does not when two requests can lie in that second', () => {
    const timeline = createPacerTimeline(0);
    request(timeline, 1, 5000, 5010, 200);
    request(timeline, 2, 5000, 5012, 404);
    request(timeline, 3, 5500, 5510, 429);
    expect(timeline.disprove(3, 5520)).toBeUndefined();
  });

  it('does not when a held lane overlaps the window, released or still held', () => {
    const released = createPacerTimeline(0);
    hold(released, 1, 4000, 4700);
    request(released, 2, 5500, 5510, 429);
    expect(released.disprove(2, 5520)).toBeUndefined();

    const held = createPacerTimeline(0);
    hold(held, 1, 5200);
    request(held, 2, 5500, 5510, 429);
    expect(held.disprove(2, 5520)).toBeUndefined();
  });

  it('does not when an earlier request was never answered: the target may have decided it at any time after its send', () => {
    const timeline = createPacerTimeline(0);
    request(timeline, 1, 2000, 2100, 0);
    request(timeline, 2, 5000, 5010, 200);
    request(timeline, 3, 5500, 5510, 429);
    expect(timeline.disprove(3, 5520)).toBeUndefined();
  });

  it('does when the held lane was given back more than a second before the grant', () => {
    const timeline = createPacerTimeline(0);
    hold(timeline, 1, 3000, 4400);
    request(timeline, 2, 5500, 5510, 429);
    expect(timeline.disprove(2, 5520)).toMatch(/no admitted request can lie/);
  });

  it('keeps a hold open when it was given back with its requests still in flight', () => {
    const timeline = createPacerTimeline(0);
    hold(timeline, 1, 1000, 2000, true);
    request(timeline, 2, 5500, 5510, 429);
    expect(timeline.disprove(2, 5520)).toBeUndefined();
  });

  it('counts a request without a decision (none came, a 502, a 503) and one still in flight as possible', () => {
    for (const status of [0, 502, 503]) {
      const timeline = createPacerTimeline(0);
      request(timeline, 1, 5000, 5010, 200);
      request(timeline, 2, 5100, 5110, status);
      request(timeline, 3, 5500, 5510, 429);
      expect(timeline.disprove(3, 5520), `HTTP ${status}`).toBeUndefined();
    }
    const inFlight = createPacerTimeline(0);
    request(inFlight, 1, 5000, 5010, 200);
    inFlight.granted(2, 5100, { grants: 1, held: false });
    request(inFlight, 3, 5500, 5510, 429);
    expect(inFlight.disprove(3, 5520)).toBeUndefined();
  });

  it('never counts other refusals as admissions', () => {
    const timeline = createPacerTimeline(0);
    request(timeline, 1, 5000, 5010, 429);
    request(timeline, 2, 5100, 5110, 200);
    request(timeline, 3, 5500, 5510, 429);
    expect(timeline.disprove(3, 5520)).toMatch(/only 1 admitted/);
  });

  it('proves nothing within a second of its horizon (the run started; anyone may have sent before)', () => {
    const timeline = createPacerTimeline(5000);
    request(timeline, 1, 5500, 5510, 429);
    expect(timeline.disprove(1, 5520)).toBeUndefined();
    request(timeline, 2, 6100, 6110, 429);
    expect(timeline.disprove(2, 6120)).toMatch(/no admitted request/);
  });

  it('moves its horizon past what it forgets, so a refusal reaching back there is not judged', () => {
    // A slow refused request, granted at 2000 and answered at 14 000, and one request answered at 2110.
    const slowRefusal = (keepMs: number) => {
      const timeline = createPacerTimeline(0, keepMs);
      timeline.granted(9, 2000, { grants: 1, held: false });
      request(timeline, 1, 2100, 2110, 200);
      timeline.released(9, 14_000, { status: 429, label: 'GET /reports (slow)' });
      return timeline.disprove(9, 14_010);
    };
    // Kept, request 1 is the only one in reach: proven. Forgotten (released more than 10 s before), nothing is.
    expect(slowRefusal(20_000)).toMatch(/only 1 admitted/);
    expect(slowRefusal(10_000)).toBeUndefined();
  });

  it('judges only a released 429 it knows', () => {
    const timeline = createPacerTimeline(0);
    request(timeline, 1, 5000, 5010, 200);
    expect(timeline.disprove(1, 5020)).toBeUndefined();
    expect(timeline.disprove(7, 5020)).toBeUndefined();
    timeline.granted(2, 5500, { grants: 1, held: false });
    expect(timeline.disprove(2, 5520)).toBeUndefined();
  });
});
