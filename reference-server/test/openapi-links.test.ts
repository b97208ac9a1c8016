import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 29, from a stateful fuzzer's run: OPTIONS must not be described stricter than it answers,
 * and the creating operations must link to the operations that take what they created.
 */

type Json = Record<string, unknown>;
interface Link {
  operationId: string;
  parameters: Record<string, string>;
}

const doc = buildOpenApiDocument();
const METHODS = ['get', 'post', 'put', 'patch'] as const;
const templateNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name as string);

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => method in item).map((method) => ({ path, method, operation: (item as Json)[method] as Json })),
);
const byId = new Map(operations.map((entry) => [entry.operation.operationId as string, entry]));

function successOf(operation: Json): Json {
  const responses = operation.responses as Record<string, Json>;
  return (responses['201'] ?? responses['200']) as Json;
}

function linksOf(operationId: string): Record<string, Link> {
  const entry = byId.get(operationId);
  if (!entry) throw new Error(`no operation ${operationId}`);
  return (successOf(entry.operation).links ?? {}) as Record<string, Link>;
}

function resolvePointer(value: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);
}

const parameterSchema = (name: string) =>
  ((doc.components.parameters as Record<string, { name: string; schema: Json }>)[name === 'projectKey' ? 'ProjectKey' : 'RoomId']?.schema ?? {}) as Json;

describe('OPTIONS in the API description', () => {
  it('takes any text as path parameters, as the server does', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const options = (item as Json).options as Json;
      const parameters = (options.parameters ?? []) as { name: string; in: string; schema: Json }[];
      expect(parameters.map((p) => p.name), path).toEqual(templateNames(path));
      for (const parameter of parameters) expect(parameter, `${path} ${parameter.name}`).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
      for (const parameter of parameters) expect(parameter.schema.pattern, `${path} ${parameter.name}`).toBeUndefined();
    }
  });
});

describe('links from the creating operations', () => {
  const takingOnlyTheKey = operations.filter(({ path }) => templateNames(path).join() === 'projectKey').map(({ operation }) => operation.operationId as string);

  it.each(['createReport', 'createReportWithData'])('%s links to every operation on one project, the key from projektHeader.key', (operationId) => {
    const links = linksOf(operationId);
    expect(Object.keys(links).sort()).toEqual([...takingOnlyTheKey].sort());
    expect(takingOnlyTheKey).toEqual(expect.arrayContaining(['getReport', 'updateReport', 'getResults', 'getRooms', 'createRoom', 'getPdf']));
    for (const link of Object.values(links)) expect(link.parameters).toEqual({ projectKey: '$response.body#/projektHeader/key' });
  });

  it('createRoom links to reading and changing the room, the key from its own path', () => {
    const links = linksOf('createRoom');
    expect(Object.keys(links).sort()).toEqual(['getRoom', 'updateRoom']);
    for (const link of Object.values(links)) {
      expect(link.parameters).toEqual({ projectKey: '$request.path.projectKey', roomId: '$response.body#/room/id' });
    }
  });

  it('every link names an operation and fills exactly its path, and its pointers reach a fitting value in every example', () => {
    for (const { operation } of operations) {
      const success = successOf(operation);
      const examples = Object.values(((success.content as Json)['application/json'] as Json).examples as Record<string, { value: unknown }>);
      for (const link of Object.values((success.links ?? {}) as Record<string, Link>)) {
        const target = byId.get(link.operationId);
        expect(target, link.operationId).toBeDefined();
        expect(Object.keys(link.parameters).sort()).toEqual(templateNames(target?.path ?? '').sort());
        for (const [name, expression] of Object.entries(link.parameters)) {
          const pointer = /^\$response\.body#(\/.*)$/.exec(expression)?.[1];
          if (pointer === undefined) continue;
          for (const example of examples) {
            const value = resolvePointer(example.value, pointer);
            expect(value, `${String(operation.operationId)} ${pointer}`).toBeTypeOf('string');
            const pattern = parameterSchema(name).pattern as string | undefined;
            if (pattern !== undefined) expect(value).toMatch(new RegExp(pattern));
          }
        }
      }
    }
  });
});

describe('following the links on a running server', () => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startTestServer();
    token = s.tokenFor({ name: 'L', license: 'annual' }).token;
  });
  afterAll(() => s.close());

  const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

  it('reaches the created project and room with every linked read', async () => {
    const created = await s.request('/reports', { method: 'POST', token });
    expect(created.status).toBe(201);
    const project = (await created.json()) as unknown;
    const reached: Record<string, number> = {};
    for (const link of Object.values(linksOf('createReport'))) {
      const target = byId.get(link.operationId);
      if (target?.method !== 'get') continue;
      const projectKey = resolvePointer(project, (link.parameters.projectKey ?? '').replace('$response.body#', '')) as string;
      reached[link.operationId] = (await s.request(fill(target.path, { projectKey }), { token })).status;
    }
    // An empty project has nothing to calculate: 422 calculation_unavailable, never 404.
    expect(reached).toEqual({ getReport: 200, getRooms: 200, getPictures: 200, getProjectFundingApplications: 200, getResults: 422, getPdf: 422 });

    const key = resolvePointer(project, '/projektHeader/key') as string;
    const room = await s.request(`/reports/${key}/rooms`, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: '{"roomData":{"raumBezeichnung":"Flur"}}' });
    expect(room.status).toBe(201);
    const roomBody = (await room.json()) as unknown;
    const getRoom = linksOf('createRoom').getRoom as Link;
    const roomId = resolvePointer(roomBody, (getRoom.parameters.roomId ?? '').replace('$response.body#', '')) as string;
    const read = await s.request(fill(byId.get('getRoom')?.path ?? '', { projectKey: key, roomId }), { token });
    expect(read.status).toBe(200);
  });
});
