import { describe, expect, it } from 'vitest';
import { Recorder, type Exchange } from './recorder.js';

const x = (customer: number, sentAt: number, receivedAt: number, status: number, endpoint: Exchange['endpoint'] = 'list'): Exchange => ({ customer, endpoint, sentAt, receivedAt, status });

function judged(exchanges: Exchange[]) {
  const recorder = new Recorder({ timeOrigin: 0 });
  for (const e of exchanges) recorder.record(e);
  recorder.judgeRefusals(0);
  return recorder.stats;
}

describe('false refusals', () => {
  it('a 429 with fewer than two admitted requests possible in the second before it is false', () => {
    const stats = judged([x(1, 0, 5, 200), x(1, 600, 605, 429)]);
    expect(stats.refusals).toMatchObject({ paced: 1, falseRefusals: 1 });
    expect(stats.refusals.examples[0]).toMatch(/refused although only 1 admitted request\(s\) can lie in the second before it/);
  });

  it('a 429 after two admitted requests that the target may have decided within the second is not false', () => {
    // Sent 1050 ms apart by the client, but the first answer came late: the target may have decided it at 300 ms.
    const stats = judged([x(1, 0, 320, 200), x(1, 525, 530, 200), x(1, 1050, 1055, 429)]);
    expect(stats.refusals).toMatchObject({ paced: 1, falseRefusals: 0 });
  });

  it("each customer is judged on its own requests: another customer's admissions do not excuse a refusal", () => {
    const stats = judged([x(1, 0, 5, 200), x(1, 10, 15, 200), x(2, 500, 505, 429)]);
    expect(stats.refusals.falseRefusals).toBe(1);
  });

  it('a request without an answer may have been admitted, so it can excuse a refusal', () => {
    const stats = judged([x(1, 0, 5, 200), x(1, 100, 400, 0), x(1, 600, 605, 429)]);
    expect(stats.refusals.falseRefusals).toBe(0);
    expect(stats.endpoints.list.errors).toBe(1);
  });

  it("the flooding customers' 429s are expected and never judged", () => {
    const stats = judged([x(9, 0, 5, 429, 'flood'), x(9, 1, 6, 429, 'flood')]);
    expect(stats.refusals).toMatchObject({ paced: 0, falseRefusals: 0 });
    expect(stats.endpoints.flood.refused).toBe(2);
  });

  it('unexpected answers are errors; a 422 of results (incomplete project) is not', () => {
    const stats = judged([x(1, 0, 5, 500, 'detail'), x(2, 0, 5, 422, 'results'), x(3, 0, 5, 422, 'patch')]);
    expect([stats.endpoints.detail.errors, stats.endpoints.results.errors, stats.endpoints.patch.errors]).toEqual([1, 0, 1]);
  });
});
