import { z } from 'zod';
import { FUNDING_PAGE, fundingQuerySchema } from '../domain/funding-query.js';
import { ROUTE_KEY_PATTERN } from '../domain/project-key.js';
import { DEFAULT_SYSTEM, FLOW_TEMPERATURE_RANGE } from '../domain/results-query.js';
import type { PdfKind } from '../documents/document-service.js';
import { EXAMPLE_PROJECT_KEY } from './examples/common.js';
import { toJsonSchema, type JsonSchema } from './json-schema.js';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

const PDF_KINDS = Object.keys({ service: true, check: true } satisfies Record<PdfKind, true>);

const flowTemperature = toJsonSchema(z.number().min(FLOW_TEMPERATURE_RANGE.min).max(FLOW_TEMPERATURE_RANGE.max), 'output');
// Below the flow temperature, so below its maximum: the part of that rule JSON Schema can state.
const spread = toJsonSchema(z.number().gt(0).lt(FLOW_TEMPERATURE_RANGE.max), 'output');

/** `components.parameters`; operations refer to them by name. */
export const PARAMETERS = {
  ProjectKey: {
    name: 'projectKey',
    in: 'path',
    required: true,
    description:
      "Project key, taken from projektHeader.key of the creation response: nine letters, either case. A foreign, missing or malformed key gives the same 404.",
    schema: { type: 'string', pattern: ROUTE_KEY_PATTERN.source },
    example: EXAMPLE_PROJECT_KEY,
  },
  RoomId: {
    name: 'roomId',
    in: 'path',
    required: true,
    description: "Room id, taken exactly from room.id. A room of another project (even an own one) gives 404.",
    schema: { type: 'string' },
    example: 'r3f9c0a1b2d4e5f60',
  },
  ApplicationId: {
    name: 'applicationId',
    in: 'path',
    required: true,
    description: 'Application id, taken exactly from applicationId. Foreign and missing applications give 404.',
    schema: { type: 'string' },
    example: '00010064',
  },
  Page: {
    name: 'page',
    in: 'query',
    required: false,
    description: 'Page, starting at 1. Pages past the end are empty lists. Given once; anything else gives 422.',
    schema: { ...toJsonSchema(fundingQuerySchema.shape.page, 'output'), default: 1 },
    example: 2,
  },
  Limit: {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Applications per page, at most ${FUNDING_PAGE.maxLimit}. Given once; anything else gives 422.`,
    schema: { ...toJsonSchema(fundingQuerySchema.shape.limit, 'output'), default: FUNDING_PAGE.defaultLimit },
    example: 20,
  },
  FlowTemperature: {
    name: 'flowTemperature',
    in: 'query',
    required: false,
    description: `Flow temperature in °C for this calculation only (not stored); to be given together with spread. Any finite decimal form is accepted (decimal comma, exponent such as 4.5e1). Without both: ${DEFAULT_SYSTEM.flowTemperature} °C / ${DEFAULT_SYSTEM.spread} K.`,
    schema: flowTemperature,
    example: 45,
  },
  Spread: {
    name: 'spread',
    in: 'query',
    required: false,
    description: `Spread in K, smaller than the flow temperature; to be given together with flowTemperature. More than 0; a spread so small that the flow rates leave the number range answers 422 calculation_unavailable. Any finite decimal form is accepted (decimal comma, exponent such as 7e0). Floor heating groups stay at 10, 7 and 5 K.`,
    schema: spread,
    example: 7,
  },
  VorlaufT: {
    name: 'vorlaufT',
    in: 'query',
    required: false,
    description: 'Older alias of flowTemperature, same range; ignored when flowTemperature is given.',
    schema: flowTemperature,
    example: 45,
  },
  Spreizung: {
    name: 'spreizung',
    in: 'query',
    required: false,
    description: 'Older alias of spread, same range; ignored when spread is given.',
    schema: spread,
    example: 7,
  },
  PdfType: {
    name: 'type',
    in: 'query',
    required: false,
    description: "Kind of document: 'service' (heat-load report) or 'check' (heat-pump check, needs the heat-pump function right).",
    schema: { type: 'string', enum: PDF_KINDS, default: 'service' },
    example: 'check',
  },
} satisfies Record<string, Parameter>;

export type ParameterName = keyof typeof PARAMETERS;

/** Path parameters by their name in the path template. */
export const PATH_PARAMETERS: Record<string, ParameterName> = { projectKey: 'ProjectKey', roomId: 'RoomId', applicationId: 'ApplicationId' };
