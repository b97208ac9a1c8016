import { z } from 'zod';
import { errors, type ApiError } from '../../http/api-error.js';
import { responseSchemas } from './registries.js';

type ErrorName = keyof typeof errors;

/** An error as the registry builds it; the argument only fills the message. */
function registryError(name: ErrorName, message = 'Meldung'): ApiError {
  return (errors[name] as (message: string) => ApiError)(message);
}

function componentId(name: ErrorName): string {
  const capitalized = `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;
  return capitalized.endsWith('Error') ? capitalized : `${capitalized}Error`;
}

/** The spec's envelope pinned to one registry entry: its status, `details.type` and fixed detail values. */
function envelopeOf(name: ErrorName) {
  const error = registryError(name);
  const { type, field: _field, ...fixed } = error.details;
  return z
    .strictObject({
      status: z.literal(error.status).describe('The HTTP status, repeated.'),
      error: z.string().min(1).describe('German message for people; flow control uses the HTTP status.'),
      details: z.looseObject({
        type: z.literal(type),
        field: z.string().optional().describe('The offending field or parameter, when there is one.'),
        ...Object.fromEntries(Object.entries(fixed).map(([key, value]) => [key, z.literal(value as z.core.util.Literal)])),
      }),
    })
    .register(responseSchemas, { id: componentId(name) });
}

export const errorSchemas = Object.fromEntries(
  (Object.keys(errors) as ErrorName[]).map((name) => [name, envelopeOf(name)]),
) as Record<ErrorName, ReturnType<typeof envelopeOf>>;
