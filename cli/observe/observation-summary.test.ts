import { describe, expect, it } from 'vitest';
import { Observer } from '../../observe/judge/observer.js';
import { exchangeOf } from '../../observe/judges/testing/exchange-builder.js';
import { formatObservationSummary, summarizeObservation } from './observation-summary.js';

const facts = { target: 'https://api.example.test/api/v2', reports: {}, mode: 'recording' as const, sources: ['traffic.har'] };

describe('the observation summary', () => {
  it('says how many starts the recorder stamped coarser than a millisecond, and what that costs the judgement', () => {
    const observer = new Observer([]);
    observer.see({ ...exchangeOf({ path: '/reports', status: 200, token: 't' }), startUnitMs: 1000 });
    observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }));
    const summary = summarizeObservation(observer.verdicts(true), facts);
    expect(summary.observed.coarseStarts).toEqual({ exchanges: 1, unitMs: 1000 });
    expect(formatObservationSummary(summary)).toContain('starts stamped to the second in 1 exchange: each may lie that far off, and an order the stamps leave open is not judged');
  });

  it('says nothing of stamps where every start is recorded to the millisecond', () => {
    const observer = new Observer([]);
    observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }));
    const summary = summarizeObservation(observer.verdicts(true), facts);
    expect(summary.observed).not.toHaveProperty('coarseStarts');
    expect(formatObservationSummary(summary)).not.toContain('stamped');
  });
});
