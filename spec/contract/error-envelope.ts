/**
 * Error envelope, written from the spec section "Errors":
 * "Envelope: `{status: <http status number>, error: <German message string>, details: {type: <string>,
 * field?: <string>}}`. `field` is not always present; further detail keys may appear."
 */
import { z } from 'zod';

/** Every `details.type` of the error table. */
export const ERROR_TYPES = [
  'validation',
  'authentication',
  'authorization',
  'not_found',
  'calculation_unavailable',
  'rate_limit',
  'server_error',
  'service_unavailable',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** The error table, row by row: HTTP status, `details.type`, condition. */
export const ERROR_TABLE = [
  { status: 400, type: 'validation', condition: 'malformed JSON' },
  { status: 401, type: 'authentication', condition: 'token missing or invalid, customer blocked' },
  { status: 403, type: 'authorization', condition: 'project, license or function right missing' },
  {
    status: 404,
    type: 'not_found',
    condition: 'project, room or application missing or owned by another customer; malformed paths',
  },
  { status: 413, type: 'validation', condition: 'body larger than 64 KiB' },
  { status: 415, type: 'validation', condition: 'content type is not application/json' },
  {
    status: 422,
    type: 'validation',
    condition: 'unknown field, wrong type, invalid value, both envelope names, unknown or invalid list parameter',
  },
  { status: 422, type: 'calculation_unavailable', condition: 'results requested without sufficient data' },
  { status: 429, type: 'rate_limit', condition: 'rate limit exceeded' },
  { status: 500, type: 'server_error', condition: 'internal error' },
  { status: 503, type: 'service_unavailable', condition: 'temporarily unavailable' },
] as const satisfies readonly { status: number; type: ErrorType; condition: string }[];
export type ErrorStatus = (typeof ERROR_TABLE)[number]['status'];

/**
 * `details`: open, because "further detail keys may appear". `type` is one of the table's values;
 * `field` is optional ("not always present") and a string when present.
 */
export const errorDetailsSchema = z.looseObject({
  type: z.enum(ERROR_TYPES),
  field: z.string().optional(),
});

/**
 * The envelope is open: "Envelope: `{status: <http status number>, error: <German message string>,
 * details: {...}}`" names its members but, unlike the funding application ("Only these core
 * fields"), never says only these. `status` is the HTTP status as a number (compare with the real
 * status via `envelopeMatchesHttpStatus`); `error` is the German message (any wording, not checked
 * for language).
 */
export const errorEnvelopeSchema = z.looseObject({
  status: z.number().int().min(400).max(599),
  error: z.string().min(1),
  details: errorDetailsSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** "status: <http status number>": the body's status equals the HTTP status of the response. */
export function envelopeMatchesHttpStatus(envelope: Pick<ErrorEnvelope, 'status'>, httpStatus: number): boolean {
  return envelope.status === httpStatus;
}

/** The `details.type` values the table allows for an HTTP status (422 has two rows). */
export function errorTypesForStatus(status: number): ErrorType[] {
  return ERROR_TABLE.filter((row) => row.status === status).map((row) => row.type);
}

/** An envelope pinned to one table row: body status and `details.type` as literals; open like the envelope. */
export function errorEnvelopeFor<S extends ErrorStatus, T extends ErrorType>(status: S, type: T) {
  return z.looseObject({
    status: z.literal(status),
    error: z.string().min(1),
    details: z.looseObject({ type: z.literal(type), field: z.string().optional() }),
  });
}

/**
 * 429 of the customer limit: "`rate_limit` (with `limit` 2, `windowSeconds` 1, `retryAfter` 1)",
 * the values of "Protected requests: at most 2 in every sliding 1 second window per customer".
 * Not for the 429 of the invalid-token limit ("a fixed limit per source IP applies; its value: not
 * shown"): that one is `rateLimitEnvelopeSchema`.
 */
export const rateLimitErrorSchema = z.looseObject({
  status: z.literal(429),
  error: z.string().min(1),
  details: z.looseObject({
    type: z.literal('rate_limit'),
    field: z.string().optional(),
    limit: z.literal(2),
    windowSeconds: z.literal(1),
    retryAfter: z.literal(1),
  }),
});
export type RateLimitError = z.infer<typeof rateLimitErrorSchema>;

/** Any 429, the invalid-token limit's included: the table row's type, with whatever values that limit has. */
export const rateLimitEnvelopeSchema = errorEnvelopeFor(429, 'rate_limit');

/** 429 response header of the customer limit: "response header `Retry-After` (integer, value 1)". */
export const retryAfterHeaderSchema = z.literal('1');

/** 422 from results: "`details.type` = `calculation_unavailable` and `details.calculationStatus` = `unavailable`". */
export const calculationUnavailableErrorSchema = z.looseObject({
  status: z.literal(422),
  error: z.string().min(1),
  details: z.looseObject({
    type: z.literal('calculation_unavailable'),
    field: z.string().optional(),
    calculationStatus: z.literal('unavailable'),
  }),
});
export type CalculationUnavailableError = z.infer<typeof calculationUnavailableErrorSchema>;

export const validationErrorSchema = errorEnvelopeFor(422, 'validation');
export const malformedJsonErrorSchema = errorEnvelopeFor(400, 'validation');
export const payloadTooLargeErrorSchema = errorEnvelopeFor(413, 'validation');
export const unsupportedMediaTypeErrorSchema = errorEnvelopeFor(415, 'validation');
export const authenticationErrorSchema = errorEnvelopeFor(401, 'authentication');
export const authorizationErrorSchema = errorEnvelopeFor(403, 'authorization');
export const notFoundErrorSchema = errorEnvelopeFor(404, 'not_found');
export const serverErrorSchema = errorEnvelopeFor(500, 'server_error');
export const serviceUnavailableErrorSchema = errorEnvelopeFor(503, 'service_unavailable');
