/**
 * Compares the OpenAPI document (generated from the reference server) with the conformance suites'
 * own contract schemas (written from the spec, spec/contract/). Both are turned into JSON Schema
 * and walked side by side per operation and body: properties, required-ness, types and enums.
 * Formats, patterns, ranges and descriptions are not compared: the suites check those in code.
 */
import { z } from 'zod';
import { resultsQuerySchema } from '../../spec/contract/results.js';
import { PDF_TYPES, pdfResponseSchema, picturesResponseSchema } from '../../spec/contract/documents.js';
import {
  authenticationErrorSchema,
  authorizationErrorSchema,
  calculationUnavailableErrorSchema,
  malformedJsonErrorSchema,
  notFoundErrorSchema,
  payloadTooLargeErrorSchema,
  rateLimitErrorSchema,
  serverErrorSchema,
  serviceUnavailableErrorSchema,
  unsupportedMediaTypeErrorSchema,
  validationErrorSchema,
} from '../../spec/contract/error-envelope.js';
import { fundingListQuerySchema, fundingListResponseSchema, fundingSingleResponseSchema } from '../../spec/contract/funding.js';
import { healthResponseSchema, rootResponseSchema } from '../../spec/contract/meta.js';
import {
  createEmptyProjectBodySchema,
  creationResponseSchema,
  passwordBodySchema,
  passwordChangeResponseSchema,
  patchProjectResponseSchema,
  projectDetailResponseSchema,
  projectEnvelopeBodySchema,
  projectListResponseSchema,
} from '../../spec/contract/projects.js';
import { resultsResponseSchema } from '../../spec/contract/results.js';
import { createRoomBodySchema, patchRoomBodySchema, roomListResponseSchema, roomResponseSchema } from '../../spec/contract/rooms.js';
import { webhookPayloadSchema } from '../../spec/contract/webhook.js';

type JsonSchema = Record<string, unknown>;

export type DifferenceKind = 'only-in-document' | 'only-in-contract' | 'required' | 'type' | 'enum';

export interface Difference {
  /** `GET /reports/{projectKey}`, or `WEBHOOK pdf.generated`. */
  operation: string;
  /** A response status, `request` or `query`. */
  part: string;
  /** Where in the body: `$`, `$.projektHeader.key`, `$.rooms[]` ... */
  at: string;
  kind: DifferenceKind;
  document: string;
  contract: string;
}

export function describeDifference(d: Difference): string {
  return `${d.operation} ${d.part} ${d.at} ${d.kind}: document ${d.document}, contract ${d.contract}`;
}

/** The suites' schema for each documented success body, request body and query. */
const CONTRACT_BODIES: Record<string, Partial<Record<string, z.ZodType>>> = {
  'GET /': { 200: rootResponseSchema },
  'GET /health': { 200: healthResponseSchema },
  'GET /reports': { 200: projectListResponseSchema },
  'POST /reports': { request: createEmptyProjectBodySchema, 201: creationResponseSchema },
  'POST /reports/with-data': { request: projectEnvelopeBodySchema, 201: creationResponseSchema },
  'GET /reports/{projectKey}': { 200: projectDetailResponseSchema },
  'PATCH /reports/{projectKey}': { request: projectEnvelopeBodySchema, 200: patchProjectResponseSchema },
  'PUT /reports/{projectKey}/password': { request: passwordBodySchema, 200: passwordChangeResponseSchema },
  'GET /reports/{projectKey}/rooms': { 200: roomListResponseSchema },
  'POST /reports/{projectKey}/rooms': { request: createRoomBodySchema, 201: roomResponseSchema },
  'GET /reports/{projectKey}/rooms/{roomId}': { 200: roomResponseSchema },
  'PATCH /reports/{projectKey}/rooms/{roomId}': { request: patchRoomBodySchema, 200: roomResponseSchema },
  'GET /funding/applications': { query: fundingListQuerySchema, 200: fundingListResponseSchema },
  'GET /funding/applications/{applicationId}': { 200: fundingSingleResponseSchema },
  'GET /reports/{projectKey}/funding/applications': { query: fundingListQuerySchema, 200: fundingListResponseSchema },
  'GET /reports/{projectKey}/pictures': { 200: picturesResponseSchema },
  'GET /reports/{projectKey}/results': { query: resultsQuerySchema, 200: resultsResponseSchema },
  // The suites keep the pdf query as a list of values; as a schema it is this.
  'GET /reports/{projectKey}/pdf': { query: z.strictObject({ type: z.enum(PDF_TYPES).optional() }), 200: pdfResponseSchema },
  'WEBHOOK pdf.generated': { request: webhookPayloadSchema },
};

/** The suites' schema for an error status, wherever the document lists it (the spec's error table). */
const CONTRACT_ERRORS: Record<string, z.ZodType> = {
  400: malformedJsonErrorSchema,
  401: authenticationErrorSchema,
  403: authorizationErrorSchema,
  404: notFoundErrorSchema,
  413: payloadTooLargeErrorSchema,
  415: unsupportedMediaTypeErrorSchema,
  422: z.union([validationErrorSchema, calculationUnavailableErrorSchema]),
  429: rateLimitErrorSchema,
  500: serverErrorSchema,
  503: serviceUnavailableErrorSchema,
};

function contractJsonSchema(schema: z.ZodType): JsonSchema {
  // Refinements (URLs, time formats, ranges) are not representable and are dropped; that is fine here.
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------
// Shapes: a JSON Schema reduced to what is compared
// ---------------------------------------------------------------------------------------------

interface ObjectShape {
  properties: Record<string, JsonSchema>;
  required: Set<string>;
}

interface Shape {
  /** No constraint at all (`{}`). */
  any: boolean;
  /** JSON types; integer counts as number (JSON has one number type). */
  types: Set<string>;
  /** Allowed values per scalar type; a type without an entry takes any value. */
  values: Map<string, Set<string>>;
  objects: ObjectShape[];
  items: JsonSchema[];
}

type Resolver = (schema: JsonSchema) => JsonSchema;

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

function shapeOf(raw: JsonSchema, resolve: Resolver): Shape {
  const shape: Shape = { any: true, types: new Set(), values: new Map(), objects: [], items: [] };
  const open = new Set<string>();
  const visit = (node: JsonSchema) => {
    const schema = resolve(node);
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (branches) {
      branches.forEach(visit);
      return;
    }
    const listed = 'const' in schema ? [schema.const] : (schema.enum as unknown[] | undefined);
    const declared = schema.type === undefined ? [] : ([] as string[]).concat(schema.type as string | string[]);
    const types = listed ? [...new Set(listed.map(jsonType))] : declared.map((type) => (type === 'integer' ? 'number' : type));
    if (types.length === 0) return;
    shape.any = false;
    for (const type of types) {
      shape.types.add(type);
      if (type === 'object') {
        shape.objects.push({
          properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
          required: new Set((schema.required as string[] | undefined) ?? []),
        });
      } else if (type === 'array') {
        shape.items.push((schema.items as JsonSchema | undefined) ?? {});
      } else if (listed && type !== 'null') {
        const values = shape.values.get(type) ?? new Set<string>();
        listed.filter((value) => jsonType(value) === type).forEach((value) => values.add(JSON.stringify(value)));
        shape.values.set(type, values);
      } else if (type !== 'null') {
        open.add(type);
      }
    }
  };
  visit(raw);
  // A type some branch leaves open takes any value, whatever other branches list; so does a
  // boolean listed with both values.
  for (const type of open) shape.values.delete(type);
  if (shape.values.get('boolean')?.size === 2) shape.values.delete('boolean');
  return shape;
}

const list = (values: Iterable<string>) => [...values].sort().join('|') || '-';

// ---------------------------------------------------------------------------------------------
// Walking two schemas side by side
// ---------------------------------------------------------------------------------------------

interface Side {
  schema: JsonSchema;
  resolve: Resolver;
}

type At = Pick<Difference, 'operation' | 'part' | 'at'>;

function compareSchemas(doc: Side, con: Side, where: At): Difference[] {
  const d = shapeOf(doc.schema, doc.resolve);
  const c = shapeOf(con.schema, con.resolve);
  const diff = (kind: DifferenceKind, document: string, contract: string): Difference => ({ ...where, kind, document, contract });
  if (d.any || c.any) {
    return d.any === c.any ? [] : [diff('type', d.any ? 'any' : list(d.types), c.any ? 'any' : list(c.types))];
  }
  const out: Difference[] = [];
  if (list(d.types) !== list(c.types)) out.push(diff('type', list(d.types), list(c.types)));
  for (const type of [...d.types].filter((t) => c.types.has(t) && t !== 'object' && t !== 'array' && t !== 'null')) {
    const dv = d.values.get(type);
    const cv = c.values.get(type);
    const text = (values: Set<string> | undefined) => (values ? list(values) : `any ${type}`);
    if (text(dv) !== text(cv)) out.push(diff('enum', text(dv), text(cv)));
  }
  if (d.objects.length > 0 && c.objects.length > 0) {
    // Each documented variant against the contract variant it agrees with best; contract variants
    // the document never sends (a looser contract) are not differences.
    for (const documented of d.objects) {
      const candidates = c.objects.map((contracted) => compareObjects({ ...doc, object: documented }, { ...con, object: contracted }, where));
      out.push(...candidates.reduce((best, next) => (next.length < best.length ? next : best)));
    }
  }
  if (d.items.length > 0 && c.items.length > 0) {
    out.push(...compareSchemas({ ...doc, schema: { anyOf: d.items } }, { ...con, schema: { anyOf: c.items } }, { ...where, at: `${where.at}[]` }));
  }
  return out;
}

function compareObjects(doc: Side & { object: ObjectShape }, con: Side & { object: ObjectShape }, where: At): Difference[] {
  const out: Difference[] = [];
  const names = [...new Set([...Object.keys(doc.object.properties), ...Object.keys(con.object.properties)])].sort();
  const requiredness = (object: ObjectShape, name: string) => (object.required.has(name) ? 'required' : 'optional');
  for (const name of names) {
    const at = { ...where, at: `${where.at}.${name}` };
    const documented = doc.object.properties[name];
    const contracted = con.object.properties[name];
    if (documented === undefined) {
      out.push({ ...at, kind: 'only-in-contract', document: '-', contract: requiredness(con.object, name) });
    } else if (contracted === undefined) {
      out.push({ ...at, kind: 'only-in-document', document: requiredness(doc.object, name), contract: '-' });
    } else {
      if (requiredness(doc.object, name) !== requiredness(con.object, name)) {
        out.push({ ...at, kind: 'required', document: requiredness(doc.object, name), contract: requiredness(con.object, name) });
      }
      out.push(...compareSchemas({ ...doc, schema: documented }, { ...con, schema: contracted }, at));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The document's bodies
// ---------------------------------------------------------------------------------------------

interface OpenApiLike {
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

interface OperationLike {
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses?: Record<string, JsonSchema>;
}

function documentResolver(doc: OpenApiLike): Resolver {
  const resolve: Resolver = (schema) => {
    if (typeof schema.$ref !== 'string') return schema;
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    if (target === undefined) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return resolve(target as JsonSchema);
  };
  return resolve;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The documented JSON body of each part of each operation (OPTIONS has none). */
function documentBodies(doc: OpenApiLike): { operation: string; part: string; schema: JsonSchema }[] {
  const resolve = documentResolver(doc);
  const jsonSchemaOf = (holder: JsonSchema | undefined) =>
    ((resolve(holder ?? {}).content as Record<string, { schema?: JsonSchema }> | undefined)?.['application/json']?.schema);
  const bodies: { operation: string; part: string; schema: JsonSchema }[] = [];
  const visit = (operation: string, op: OperationLike) => {
    const request = jsonSchemaOf(op.requestBody);
    if (request) bodies.push({ operation, part: 'request', schema: request });
    const query = (op.parameters ?? []).map(resolve).filter((p) => p.in === 'query');
    if (query.length > 0) {
      const properties = Object.fromEntries(query.map((p) => [p.name as string, p.schema as JsonSchema]));
      const required = query.filter((p) => p.required === true).map((p) => p.name as string);
      bodies.push({ operation, part: 'query', schema: { type: 'object', properties, required } });
    }
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      const schema = jsonSchemaOf(response);
      if (schema) bodies.push({ operation, part: status, schema });
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS.filter((m) => m in item)) visit(`${method.toUpperCase()} ${path}`, item[method] as OperationLike);
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const method of METHODS.filter((m) => m in item)) visit(`WEBHOOK ${name}`, item[method] as OperationLike);
  }
  return bodies;
}

export interface Comparison {
  differences: Difference[];
  /** Documented bodies no contract schema covers (`operation part`). */
  uncovered: string[];
  /** Contract mappings that name a body the document does not have. */
  unmatched: string[];
}

export function compareWithContracts(doc: OpenApiLike): Comparison {
  const resolveDoc = documentResolver(doc);
  const identity: Resolver = (schema) => schema;
  const differences: Difference[] = [];
  const uncovered: string[] = [];
  const bodies = documentBodies(doc);
  for (const { operation, part, schema } of bodies) {
    const contract = CONTRACT_BODIES[operation]?.[part] ?? (/^\d+$/.test(part) && Number(part) >= 400 ? CONTRACT_ERRORS[part] : undefined);
    if (!contract) {
      uncovered.push(`${operation} ${part}`);
      continue;
    }
    differences.push(
      ...compareSchemas({ schema, resolve: resolveDoc }, { schema: contractJsonSchema(contract), resolve: identity }, { operation, part, at: '$' }),
    );
  }
  const documented = new Set(bodies.map((b) => `${b.operation} ${b.part}`));
  const unmatched = Object.entries(CONTRACT_BODIES)
    .flatMap(([operation, parts]) => Object.keys(parts).map((part) => `${operation} ${part}`))
    .filter((key) => !documented.has(key));
  return { differences, uncovered, unmatched };
}

// ---------------------------------------------------------------------------------------------
// Expected differences
// ---------------------------------------------------------------------------------------------

/**
 * An expected difference: where the suites are deliberately looser (or stricter) than the server.
 * `operation`, `part` and `at` are patterns in which `*` stands for any text; `document` and
 * `contract`, when given, must equal the difference's values.
 */
export interface Allowance {
  operation: string | string[];
  part: string;
  at: string | string[];
  kind: DifferenceKind;
  document?: string;
  contract?: string;
  reason: string;
}

function pattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function matches(allowance: Allowance, d: Difference): boolean {
  const any = (globs: string | string[], value: string) => ([] as string[]).concat(globs).some((glob) => pattern(glob).test(value));
  return (
    any(allowance.operation, d.operation) &&
    any(allowance.part, d.part) &&
    any(allowance.at, d.at) &&
    allowance.kind === d.kind &&
    (allowance.document === undefined || allowance.document === d.document) &&
    (allowance.contract === undefined || allowance.contract === d.contract)
  );
}

export interface Verdict {
  allowed: { difference: Difference; allowance: Allowance }[];
  unexpected: Difference[];
  /** Allowances that match no difference any more: remove them. */
  stale: Allowance[];
}

export function judge(differences: readonly Difference[], allowances: readonly Allowance[]): Verdict {
  const allowed: Verdict['allowed'] = [];
  const unexpected: Difference[] = [];
  const used = new Set<Allowance>();
  for (const difference of differences) {
    const allowance = allowances.find((candidate) => matches(candidate, difference));
    if (allowance) {
      used.add(allowance);
      allowed.push({ difference, allowance });
    } else {
      unexpected.push(difference);
    }
  }
  return { allowed, unexpected, stale: allowances.filter((allowance) => !used.has(allowance)) };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The comparison as Markdown: unexpected differences first, then the allowed ones by reason. */
export function renderReport(comparison: Comparison, verdict: Verdict): string {
  const lines = [
    '# OpenAPI document vs. the suites\' contract schemas',
    '',
    `${comparison.differences.length} differences: ${verdict.unexpected.length} unexpected, ${verdict.allowed.length} allowed; ${verdict.stale.length} stale allow-list entries; ${comparison.uncovered.length} documented bodies without a contract schema.`,
    '',
  ];
  const table = (rows: Difference[]) => [
    '| Operation | Part | At | Kind | Document | Contract |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((d) => `| ${cell(d.operation)} | ${d.part} | \`${d.at}\` | ${d.kind} | ${cell(d.document)} | ${cell(d.contract)} |`),
    '',
  ];
  if (verdict.unexpected.length > 0) lines.push('## Unexpected differences', '', ...table(verdict.unexpected));
  if (verdict.stale.length > 0) lines.push('## Stale allow-list entries', '', ...verdict.stale.map((a) => `- ${a.kind} at ${String(a.at)}: ${a.reason}`), '');
  if (comparison.uncovered.length > 0) lines.push('## Bodies without a contract schema', '', ...comparison.uncovered.map((u) => `- ${u}`), '');
  lines.push('## Allowed differences', '');
  const byReason = new Map<Allowance, Difference[]>();
  for (const { difference, allowance } of verdict.allowed) byReason.set(allowance, [...(byReason.get(allowance) ?? []), difference]);
  for (const [allowance, rows] of byReason) lines.push(`### ${allowance.reason}`, '', ...table(rows));
  return lines.join('\n');
}
