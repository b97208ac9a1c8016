import { z } from 'zod';
import { errors, type ApiError } from '../../http/api-error.js';
import type { InvalidTokenLimit } from '../../rate-limit/fixed-window.js';
import { responseSchemas } from './registries.js';

type ErrorName = keyof typeof errors;

/**
 * An error as the registry builds it: a message argument only fills the message; a builder whose
 * parameters all have defaults (the invalid-token 429's limit) is called without.
 */
function registryError(name: ErrorName): ApiError {
  const build = errors[name] as (message?: string) => ApiError;
  return build.length === 0 ? build() : build('Meldung');
}

function componentId(name: ErrorName): string {
  const capitalized = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;
  return capitalized.endsWith('Error') ? capitalized : `${capitalized}Error`;
}

/** The spec's envelope pinned to one error: its status, `details.type` and fixed detail values. */
function envelopeOf(error: ApiError) {
  const { type, field: _field, ...fixed } = error.details;
  return z.strictObject({
    status: z.literal(error.status).describe('The HTTP status, repeated.'),
    error: z.string().min(1).describe('German message for people; flow control uses the HTTP status.'),
    details: z.looseObject({
      type: z.literal(type),
      field: z.string().optional().describe('The offending field or parameter, when there is one.'),
      ...Object.fromEntries(Object.entries(fixed).map(([key, value]) => [key, z.literal(value as z.core.util.Literal)])),
    }),
  });
}

export const errorSchemas = Object.fromEntries(
  (Object.keys(errors) as ErrorName[]).map((name) => [name, envelopeOf(registryError(name)).register(responseSchemas, { id: componentId(name) })]),
) as Record<ErrorName, ReturnType<typeof envelopeOf>>;

/**
 * The invalid-token 429 of a server running with the limit given: the registry pins the default
 * limit's figures; the document such a server serves pins its own under the same component id.
 */
export function invalidTokenRateLimitedSchema(limit: InvalidTokenLimit): { id: string; schema: ReturnType<typeof envelopeOf> } {
  return { id: componentId('invalidTokenRateLimited'), schema: envelopeOf(errors.invalidTokenRateLimited(limit)) };
}
