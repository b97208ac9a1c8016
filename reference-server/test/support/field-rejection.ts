import { expect } from 'vitest';
import { ApiError } from '../../src/http/api-error.js';

/** The ApiError a call throws; fails the test when it throws something else or nothing. */
export function rejection(call: () => unknown): ApiError {
  try {
    call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, but the call succeeded');
}

/** The call is refused as the field rules refuse a value: 422 validation naming the field, with a message. */
export function expect422(call: () => unknown, field: string | undefined): void {
  const error = rejection(call);
  expect(error.status).toBe(422);
  expect(error.details.type).toBe('validation');
  expect(error.details.field).toBe(field);
  expect(error.message).toMatch(/\S/);
}
