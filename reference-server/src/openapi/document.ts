import { INVALID_TOKEN_LIMIT, type InvalidTokenLimit } from '../rate-limit/fixed-window.js';
import { API_PREFIX } from '../version.js';
import { openApiInfo } from './info.js';
import { linksOf } from './links.js';
import { toJsonSchema, toJsonSchemas } from './json-schema.js';
import { pathParameterNames, TAGS, type OperationSpec } from './operation.js';
import { PARAMETERS, PATH_PARAMETERS } from './parameters.js';
import { calculationOperations } from './paths/calculations.js';
import { fundingOperations } from './paths/funding.js';
import { metaOperations } from './paths/meta.js';
import { projectOperations } from './paths/projects.js';
import { roomOperations } from './paths/rooms.js';
import { parameterRef, schemaRef } from './refs.js';
import { errorResponses, jsonContent, sharedResponses } from './responses.js';
import { invalidTokenRateLimitedSchema } from './schemas/errors.js';
import { requestSchemas, responseSchemas } from './schemas/registries.js';
import { WEBHOOKS } from './webhooks.js';

const OPERATIONS: readonly OperationSpec[] = [
  ...metaOperations,
  ...projectOperations,
  ...roomOperations,
  ...fundingOperations,
  ...calculationOperations,
];

function operationObject(operation: OperationSpec) {
  const { body, success } = operation;
  const links = linksOf(operation, OPERATIONS);
  return {
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    operationId: operation.operationId,
    ...(operation.public ? { security: [] } : {}),
    ...(operation.query ? { parameters: operation.query.map(parameterRef) } : {}),
    ...(body
      ? { requestBody: { description: body.description, required: body.required, content: jsonContent(schemaRef(body.schema), body.examples) } }
      : {}),
    responses: {
      [success.status]: {
        description: success.description,
        content: jsonContent(schemaRef(success.schema), success.examples),
        ...(links ? { links } : {}),
      },
      ...errorResponses(operation),
    },
  };
}

const pascalCase = (path: string) =>
  path
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`)
    .join('') || 'Root';

/**
 * The spec's OPTIONS row, on every path: public, before maintenance and authentication. It answers
 * 204 whatever the path holds, so its path parameters are any text: the path item's parameters
 * (a project key of nine letters) would describe it stricter than it is.
 */
function optionsObject(path: string, tag: string, pathParameterNames: readonly string[]) {
  return {
    tags: [tag],
    summary: 'Preflight',
    description: 'Public on any API path: 204 without body and without Access-Control-* headers (there is no general CORS grant), whatever the path parameters hold.',
    operationId: `options${pascalCase(path)}`,
    security: [],
    ...(pathParameterNames.length > 0
      ? {
          parameters: pathParameterNames.map((name) => ({
            name,
            in: 'path',
            required: true,
            description: 'Any text: OPTIONS does not look at it.',
            schema: { type: 'string' },
          })),
        }
      : {}),
    responses: { 204: { description: 'No content.' } },
  };
}

function pathItems(operations: readonly OperationSpec[]) {
  const items = new Map<string, Record<string, unknown>>();
  for (const operation of operations) {
    const item = items.get(operation.path) ?? {};
    if (!items.has(operation.path)) {
      const names = pathParameterNames(operation.path).map((name) => PATH_PARAMETERS[name]);
      if (names.includes(undefined)) throw new Error(`unknown path parameter in ${operation.path}`);
      if (names.length > 0) item.parameters = names.map((name) => parameterRef(name as string));
      items.set(operation.path, item);
    }
    item[operation.method] = operationObject(operation);
  }
  for (const [path, item] of items) {
    const first = operations.find((operation) => operation.path === path) as OperationSpec;
    item.options = optionsObject(path, first.tag, pathParameterNames(path));
  }
  return Object.fromEntries(items);
}

function componentSchemas(invalidTokenLimit: InvalidTokenLimit) {
  const requests = toJsonSchemas(requestSchemas, 'input');
  const responses = toJsonSchemas(responseSchemas, 'output');
  const clash = Object.keys(requests).find((id) => id in responses);
  if (clash !== undefined) throw new Error(`schema name ${clash} used for a request and a response`);
  const invalidToken = invalidTokenRateLimitedSchema(invalidTokenLimit);
  return { ...requests, ...responses, [invalidToken.id]: toJsonSchema(invalidToken.schema, 'output') };
}

export interface DocumentOptions {
  /** The invalid-token limit the serving server runs with (default INVALID_TOKEN_LIMIT). */
  invalidTokenLimit?: InvalidTokenLimit;
}

/** The OpenAPI 3.1 document of the API, built from the server's schemas and code. Pure. */
export function buildOpenApiDocument(options: DocumentOptions = {}) {
  const invalidTokenLimit = options.invalidTokenLimit ?? INVALID_TOKEN_LIMIT;
  return {
    openapi: '3.1.0',
    info: openApiInfo(invalidTokenLimit),
    servers: [{ url: API_PREFIX, description: 'The API on the server that serves this document.' }],
    security: [{ bearerAuth: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: pathItems(OPERATIONS),
    webhooks: WEBHOOKS,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: "The customer's API token from the pro area (not a JWT, no scopes). Only from the Authorization header, never from the URL.",
        },
      },
      parameters: PARAMETERS,
      responses: sharedResponses(invalidTokenLimit),
      schemas: componentSchemas(invalidTokenLimit),
    },
  };
}
