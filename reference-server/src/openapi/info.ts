import { errors, RATE_LIMIT } from '../http/api-error.js';
import { MAX_BODY_BYTES } from '../http/json-body.js';
import type { InvalidTokenLimit } from '../rate-limit/fixed-window.js';
import { API_NAME, API_PREFIX, API_VERSION } from '../version.js';

/**
 * The rules that hold for every operation, so the operations need not repeat them; the
 * invalid-token limit is the one the serving server runs with.
 */
export const openApiInfo = (invalidTokenLimit: InvalidTokenLimit) => ({
  title: API_NAME,
  version: API_VERSION,
  summary: 'JSON REST API through which a customer connects own software to the heating-report and heat-load service.',
  description: [
    `Interface version ${API_VERSION}, path prefix \`${API_PREFIX}\`. This document is generated from the schemas the reference server validates with and the code that writes its answers; where the specification leaves a value open, it shows what the reference server does.`,
    '**Authentication.** Every protected call needs `Authorization: Bearer <API_TOKEN>`; the token is read only from this header, never from the URL. One token per customer gives all released rights on its own projects. Public: `GET /`, `GET /health` and `OPTIONS` on any path (204, no CORS grant).',
    '**Ownership.** Foreign and non-existent projects, rooms and applications answer the same 404.',
    `**Rate limit.** At most ${RATE_LIMIT.limit} protected requests in every sliding ${RATE_LIMIT.windowSeconds}-second window per customer, shared by all its tokens and endpoints; requests rejected for business reasons (403, 404, 413, 415, 422) count as well, public endpoints never. Above it: 429 with \`Retry-After: ${RATE_LIMIT.retryAfter}\`. Requests with a missing or invalid token are limited per source address to ${invalidTokenLimit.requests} per fixed ${invalidTokenLimit.windowSeconds}-second window (429 with \`Retry-After: ${errors.invalidTokenRateLimited(invalidTokenLimit).headers['Retry-After']}\`).`,
    `**Bodies.** Write bodies need \`Content-Type: application/json\` and at most ${MAX_BODY_BYTES} bytes. Unknown fields, wrong types and invalid values give 422 with \`details.field\` naming the field.`,
    '**Errors.** Every error has the envelope `{status, error, details: {type, field?}}`: `status` repeats the HTTP status, `error` is a German message for people, `details.type` one of validation, authentication, authorization, not_found, calculation_unavailable, rate_limit, server_error, service_unavailable. Flow control uses the HTTP status. After a 500 or 503 on a write, check whether the change happened before repeating it.',
    '**Webhook.** The first successful PDF creation of a project sends one `pdf.generated` event to the address configured in the pro area (see Webhooks).',
  ].join('\n\n'),
});
