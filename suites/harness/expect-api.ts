import { expect } from 'vitest';
import type { z } from 'zod';
import { errorEnvelopeSchema, type ErrorType } from '../../spec/contract/error-envelope.js';
import type { ApiResponse } from './client.js';

function where(res: ApiResponse): string {
  const e = res.exchange;
  return `${e.request.method} ${e.request.url} answered HTTP ${res.status}: ${res.text.slice(0, 300)}`;
}

/** The HTTP status, with the exchange in the failure message. */
export function expectStatus(res: ApiResponse, status: number | readonly number[]): void {
  const allowed = typeof status === 'number' ? [status] : status;
  // Reads forwards ("expected 403, got 200"), not as chai's `expected [ 403 ] to include 200`.
  if (!allowed.includes(res.status)) expect.fail(`expected HTTP ${allowed.join(' or ')}, got ${res.status}; ${where(res)}`);
}

/** Parses the body with a contract schema; the zod issues become the failure message. */
export function expectSchema<S extends z.ZodType>(res: ApiResponse, schema: S, what = 'body'): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    expect.fail(`expected a JSON ${what}; ${where(res)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    expect.fail(`${what} does not match the contract: ${issues}; ${where(res)}`);
  }
  return parsed.data as z.infer<S>;
}

/**
 * An error answer as the spec's table has it: the status, the envelope, `status` in the body equal
 * to the HTTP status, `details.type`, and `details.field` when the check knows which field.
 */
export function expectError(res: ApiResponse, status: number, type: ErrorType, field?: string) {
  expectStatus(res, status);
  const body = expectSchema(res, errorEnvelopeSchema, 'error envelope');
  expect(body.status, `envelope status must equal the HTTP status; ${where(res)}`).toBe(res.status);
  expect(body.details.type, `details.type; ${where(res)}`).toBe(type);
  if (field !== undefined) expect(body.details.field, `details.field must name the offending field; ${where(res)}`).toBe(field);
  return body;
}

/**
 * `projektHeader.key` of a creation response (PROJ-84), for checks that go on working with the
 * project: a body without it is the target's failure, not a TypeError of the harness.
 */
export function expectCreatedKey(res: ApiResponse): string {
  const key = res.json<{ projektHeader?: { key?: unknown } } | null>()?.projektHeader?.key;
  if (typeof key !== 'string' || key === '') expect.fail(`the creation response must carry projektHeader.key (PROJ-84); ${where(res)}`);
  return key;
}
