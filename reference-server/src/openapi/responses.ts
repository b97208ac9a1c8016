import { errors } from '../http/api-error.js';
import type { InvalidTokenLimit } from '../rate-limit/fixed-window.js';
import type { Example } from './examples/common.js';
import { errorExamples, invalidTokenRateLimitedExample, type ErrorExampleName } from './examples/errors.js';
import type { OperationSpec } from './operation.js';
import { responseRef, schemaRef } from './refs.js';
import { errorSchemas } from './schemas/errors.js';

const JSON_MEDIA_TYPE = 'application/json';

export function jsonContent(schema: object, examples: Record<string, Example>) {
  return { [JSON_MEDIA_TYPE]: { schema, examples } };
}

function examplesOf(names: readonly ErrorExampleName[]): Record<string, Example> {
  return Object.fromEntries(names.map((name) => [name, errorExamples[name]]));
}

/**
 * `components.responses`: errors whose meaning is the same wherever they occur. The invalid-token
 * 429 states the limit the serving server runs with.
 */
export function sharedResponses(invalidTokenLimit: InvalidTokenLimit) {
  const retryAfterValues = [...new Set([errors.rateLimited(), errors.invalidTokenRateLimited(invalidTokenLimit)].map((error) => Number(error.headers['Retry-After'])))];
  return {
    MalformedJson: {
      description:
        'The body is not valid JSON, or not I-JSON (RFC 7493): a name twice in one object (details.field names it; a proxy in front could read the first where JSON.parse keeps the last) or an escaped lone surrogate such as \\ud800. Invalid UTF-8 is malformed too.',
      content: jsonContent(schemaRef(errorSchemas.malformedJson), examplesOf(['malformedJson', 'duplicateMember', 'loneSurrogate'])),
    },
    Unauthenticated: {
      description: 'Token missing or invalid (it is read only from the Authorization header), or the customer is blocked.',
      content: jsonContent(schemaRef(errorSchemas.unauthenticated), examplesOf(['unauthenticated'])),
    },
    NotFound: {
      description: 'Missing, owned by another customer, or a malformed path: all answer the same.',
      content: jsonContent(schemaRef(errorSchemas.notFound), examplesOf(['notFound'])),
    },
    PayloadTooLarge: {
      description: 'The body is larger than 64 KiB (65536 bytes).',
      content: jsonContent(schemaRef(errorSchemas.payloadTooLarge), examplesOf(['payloadTooLarge'])),
    },
    UnsupportedMediaType: {
      description: 'A body without Content-Type: application/json, or a required body omitted without it.',
      content: jsonContent(schemaRef(errorSchemas.unsupportedMediaType), examplesOf(['unsupportedMediaType'])),
    },
    RateLimited: {
      description:
        'More than 2 protected requests of the customer in a sliding second (shared by all its tokens and endpoints), or too many requests with missing or invalid tokens from one address. Wait as Retry-After says.',
      headers: {
        'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', enum: retryAfterValues } },
      },
      content: jsonContent(
        { anyOf: [schemaRef(errorSchemas.rateLimited), schemaRef(errorSchemas.invalidTokenRateLimited)] },
        { ...examplesOf(['rateLimited']), invalidTokenRateLimited: invalidTokenRateLimitedExample(invalidTokenLimit) },
      ),
    },
    ServerError: {
      description: 'Internal error. For a write, check whether the change happened before repeating it.',
      content: jsonContent(schemaRef(errorSchemas.serverError), examplesOf(['serverError'])),
    },
    ServiceUnavailable: {
      description: 'Temporarily unavailable (maintenance, database busy, too many calculations and documents waiting: results and pdf of large projects, with Retry-After: 1). For a write, check whether the change happened before repeating it.',
      content: jsonContent(schemaRef(errorSchemas.serviceUnavailable), examplesOf(['serviceUnavailable'])),
    },
  };
}

type SharedResponse = keyof ReturnType<typeof sharedResponses>;
const shared = (name: SharedResponse, description?: string) => ({ ...responseRef(name), ...(description === undefined ? {} : { description }) });

/** The error responses of an operation by status, in the order of the spec's error table. */
export function errorResponses(operation: OperationSpec): Record<string, object> {
  const { errors: cases } = operation;
  const responses: Record<string, object> = {};
  if (cases.body) {
    responses['400'] = shared('MalformedJson');
  }
  if (!operation.public) responses['401'] = shared('Unauthenticated');
  if (cases.forbidden) {
    responses['403'] = {
      description: cases.forbidden.description,
      content: jsonContent(schemaRef(errorSchemas.forbidden), examplesOf(cases.forbidden.examples)),
    };
  }
  if (cases.notFound !== undefined) responses['404'] = shared('NotFound', cases.notFound);
  if (cases.body) {
    responses['413'] = shared('PayloadTooLarge');
    responses['415'] = shared('UnsupportedMediaType');
  }
  if (cases.invalid) {
    const calculation = cases.invalid.examples.includes('calculationUnavailable');
    const validation = schemaRef(errorSchemas.validation);
    responses['422'] = {
      description: cases.invalid.description,
      content: jsonContent(
        calculation ? { anyOf: [validation, schemaRef(errorSchemas.calculationUnavailable)] } : validation,
        examplesOf(cases.invalid.examples),
      ),
    };
  }
  if (!operation.public) responses['429'] = shared('RateLimited');
  responses['500'] = shared('ServerError');
  if (!operation.public) responses['503'] = shared('ServiceUnavailable');
  return responses;
}
