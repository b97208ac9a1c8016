import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { AbgleichFBH, CalcResults } from '../src/calc/types.js';
import type { applicationView } from '../src/domain/funding-view.js';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { SCHEMA_REF_PREFIX } from '../src/openapi/json-schema.js';
import { FUNDING_STATUSES, type fundingSingleResponse } from '../src/openapi/schemas/funding.js';
import type { projectListResponse } from '../src/openapi/schemas/projects.js';
import { responseSchemas } from '../src/openapi/schemas/registries.js';
import type { resultsResponse } from '../src/openapi/schemas/results.js';
import type { pdfGeneratedPayload } from '../src/openapi/schemas/webhook.js';
import type { projectListEntry } from '../src/routes/project-views.js';
import { demoApplications } from '../src/seed/funding-demo.js';
import type { PdfGeneratedPayload } from '../src/webhook/payload.js';
import { useDemoServer } from './support/test-server.js';

const doc = buildOpenApiDocument();

type Json = Record<string, unknown>;

/** The zod schema behind the documented body of a response, by operation and status. */
function documentedSchema(method: string, path: string, status: number): z.ZodType {
  const item = (doc.paths as Record<string, Json>)[path];
  const operation = item?.[method.toLowerCase()] as { responses: Record<string, Json> } | undefined;
  let response = operation?.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} does not document ${status}`);
  if (typeof response.$ref === 'string') {
    response = (doc.components.responses as Record<string, Json>)[response.$ref.split('/').pop() as string] as Json;
  }
  const schema = (response.content as Record<string, { schema: Json }>)['application/json']?.schema as Json;
  const refs = ((schema.anyOf as Json[] | undefined) ?? [schema]).map((s) => (s.$ref as string).slice(SCHEMA_REF_PREFIX.length));
  const [first, ...more] = refs.map((id) => responseSchemas._idmap.get(id) as z.ZodType);
  return z.union([first as z.ZodType, ...more]);
}

const demo = useDemoServer();

interface Call {
  method: string;
  /** Documented path template. */
  path: string;
  /** Concrete path. */
  url: () => string;
  body?: unknown;
  token?: () => string;
  status: number;
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const project = (purpose: string) => demo.seed.projects[purpose] as string;
let roomId = '';

/** Every operation at least once, in an order where each call finds what it needs. */
const calls: Call[] = [
  { method: 'GET', path: '/', url: () => '/', status: 200 },
  { method: 'GET', path: '/health', url: () => '/health', status: 200 },
  { method: 'GET', path: '/reports', url: () => '/reports', status: 200 },
  { method: 'POST', path: '/reports', url: () => '/reports', body: {}, status: 201 },
  { method: 'POST', path: '/reports/with-data', url: () => '/reports/with-data', body: { projectData: { projektName: 'Neu', projektPostleitzahl: '10178' } }, status: 201 },
  { method: 'POST', path: '/reports/with-data', url: () => '/reports/with-data', body: { projectData: {}, projektData: {} }, status: 422 },
  { method: 'GET', path: '/reports/{projectKey}', url: () => `/reports/${project('portal')}`, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}', url: () => '/reports/zzzzzzzzz', status: 404 },
  { method: 'GET', path: '/reports/{projectKey}', url: () => `/reports/${project('portal')}`, token: () => demo.seed.customers.locked.tokens[0] as string, status: 403 },
  { method: 'GET', path: '/reports/{projectKey}', url: () => `/reports/${project('portal')}`, token: () => 'not-a-token', status: 401 },
  { method: 'PATCH', path: '/reports/{projectKey}', url: () => `/reports/${project('api')}`, body: { projektData: { projektBewohner: 3 } }, status: 200 },
  { method: 'PUT', path: '/reports/{projectKey}/password', url: () => `/reports/${project('api')}/password`, body: { newPassword: 'ein-langes-passwort' }, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}/rooms', url: () => `/reports/${project('portal')}/rooms`, status: 200 },
  { method: 'POST', path: '/reports/{projectKey}/rooms', url: () => `/reports/${project('api')}/rooms`, body: { roomData: { raumBezeichnung: 'Flur' } }, status: 201 },
  { method: 'GET', path: '/reports/{projectKey}/rooms/{roomId}', url: () => `/reports/${project('api')}/rooms/${roomId}`, status: 200 },
  { method: 'PATCH', path: '/reports/{projectKey}/rooms/{roomId}', url: () => `/reports/${project('api')}/rooms/${roomId}`, body: { roomData: { raumEtage: 0 } }, status: 200 },
  { method: 'GET', path: '/funding/applications', url: () => '/funding/applications?limit=100', status: 200 },
  { method: 'GET', path: '/funding/applications', url: () => '/funding/applications?limit=101', status: 422 },
  { method: 'GET', path: '/funding/applications/{applicationId}', url: () => `/funding/applications/${demo.seed.primaryApplications[0]?.applicationId}`, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}/funding/applications', url: () => `/reports/${project('portal')}/funding/applications`, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}/pictures', url: () => `/reports/${project('portal')}/pictures`, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}/results', url: () => `/reports/${project('portal')}/results?flowTemperature=45&spread=7`, status: 200 },
  { method: 'GET', path: '/reports/{projectKey}/results', url: () => `/reports/${project('completed')}/results`, status: 422 },
  { method: 'GET', path: '/reports/{projectKey}/results', url: () => `/reports/${project('outside')}/results`, status: 403 },
  { method: 'GET', path: '/reports/{projectKey}/pdf', url: () => `/reports/${project('portal')}/pdf?type=check`, status: 200 },
];

describe('what the server answers matches the document', () => {
  it.each(calls.map((call) => [`${call.method} ${call.path} ${call.status}`, call] as const))('%s', async (_title, call) => {
    const res = await demo.server.request(call.url(), { method: call.method, token: call.token?.() ?? demo.token, ...(call.body === undefined ? {} : json(call.body)) });
    const body = (await res.json()) as { room?: { id: string } };
    expect(res.status, JSON.stringify(body)).toBe(call.status);
    if (body.room && call.method === 'POST') roomId = body.room.id;
    const result = documentedSchema(call.method, call.path, call.status).safeParse(body);
    expect(result.error?.issues ?? [], JSON.stringify(body).slice(0, 500)).toEqual([]);
  });

  it('types the engine output and the views exactly as the server code does', () => {
    type Documented<S extends z.ZodType> = z.infer<S>;
    expectTypeOf<Documented<typeof resultsResponse>['results']>().toEqualTypeOf<CalcResults>();
    expectTypeOf<Documented<typeof resultsResponse>['projekt']['abgleichFBH']>().toEqualTypeOf<AbgleichFBH>();
    expectTypeOf<Documented<typeof projectListResponse>['projekte'][number]>().toEqualTypeOf<ReturnType<typeof projectListEntry>>();
    expectTypeOf<Documented<typeof pdfGeneratedPayload>>().toEqualTypeOf<PdfGeneratedPayload>();
    // The stored status is free text; the document narrows it to the spec's table.
    expectTypeOf<Documented<typeof fundingSingleResponse>['application']>().toExtend<ReturnType<typeof applicationView>>();
  });

  it('lists the funding statuses the demo seed uses, no more and no fewer', () => {
    const seeded = new Set(demoApplications({ customerId: 1, projectIds: [1], count: 64, firstId: 1 }).map((row) => row.status));
    expect([...seeded].sort()).toEqual([...FUNDING_STATUSES].sort());
  });
});
