import { describe, expect, it } from 'vitest';
import { isTargetFailure, verdictOf } from './check-result.js';

describe('isTargetFailure', () => {
  it('counts assertions about the target answer as failures, also as the cause of a wrapper', () => {
    expect(isTargetFailure({ name: 'AssertionError', message: 'status must be 404' })).toBe(true);
    expect(isTargetFailure({ name: 'TargetAssertionError', message: 'GET /health answered 429' })).toBe(true);
    expect(isTargetFailure({ name: 'Error', message: 'Property failed after 3 tests', cause: { name: 'AssertionError' } })).toBe(true);
    expect(isTargetFailure({ name: 'Error', message: 'sample 2', cause: { name: 'Error', cause: { name: 'TargetAssertionError' } } })).toBe(true);
  });

  it('counts every other error as the harness breaking, whatever its message says', () => {
    expect(isTargetFailure({ name: 'SyntaxError', message: 'Unexpected token < in JSON at position 0: expected a value' })).toBe(false);
    expect(isTargetFailure({ name: 'TypeError', message: "Cannot read properties of undefined (reading 'key')" })).toBe(false);
    expect(isTargetFailure({ name: 'Error', message: 'expected the pacer to answer' })).toBe(false);
    expect(isTargetFailure({ name: 'Error', message: 'Property failed after 3 tests', cause: { name: 'TypeError' } })).toBe(false);
    expect(isTargetFailure({ name: 'HarnessError', message: 'unintended 429', cause: { name: 'AssertionError' } })).toBe(false);
    expect(isTargetFailure({ name: 'Error', message: 'Test timed out in 125000ms.' })).toBe(false);
    expect(isTargetFailure(undefined)).toBe(false);
  });

  it('ends on a cause chain that loops', () => {
    const looping: { name: string; cause?: unknown } = { name: 'Error' };
    looping.cause = looping;
    expect(isTargetFailure(looping)).toBe(false);
  });
});

describe('verdictOf', () => {
  it('fails a check when any of its errors is a target failure, with that error as the note', () => {
    expect(verdictOf([{ name: 'HarnessError', message: 'pacer gone' }, { name: 'AssertionError', message: 'expected 401\nmore' }])).toEqual({ state: 'failed', note: 'expected 401' });
  });

  it('breaks a check whose errors are all the harness\'s, with the first as the note', () => {
    expect(verdictOf([{ name: 'TypeError', message: 'x is undefined' }, { name: 'HarnessError', message: 'later' }])).toEqual({ state: 'broken', note: 'x is undefined' });
    expect(verdictOf([])).toEqual({ state: 'broken', note: undefined });
  });
});
