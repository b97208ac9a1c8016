import { describe, expect, it } from 'vitest';
import { isBrokenError } from './check-result.js';

describe('isBrokenError', () => {
  it('counts assertion failures as failed, not broken', () => {
    expect(isBrokenError({ name: 'AssertionError', message: 'status must be 404' })).toBe(false);
    expect(isBrokenError({ name: 'Error', message: 'Property failed after 3 tests', cause: { name: 'AssertionError' } })).toBe(false);
    expect(isBrokenError({ name: 'Error', message: 'a wrapper', cause: { name: 'AssertionError' } })).toBe(false);
  });

  it('counts harness and setup errors as broken', () => {
    expect(isBrokenError({ name: 'HarnessError', message: 'expected no 429' })).toBe(true);
    expect(isBrokenError({ name: 'TypeError', message: 'fetch failed', cause: { name: 'Error' } })).toBe(true);
    expect(isBrokenError(undefined)).toBe(false);
  });
});
