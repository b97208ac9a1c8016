import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApp } from '../app.js';
import { buildOpenApiDocument } from './document.js';
import { SCHEMA_REF_PREFIX } from './json-schema.js';
import { requestSchemas, responseSchemas } from './schemas/registries.js';
import { openDatabase } from '../store/database.js';
import { createStore } from '../store/store.js';
import { API_PREFIX, API_VERSION } from '../version.js';

const doc = buildOpenApiDocument();
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;

type Json = Record<string, unknown>;

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string;
}

/** `METHOD /path` of every route the app registers, with Express parameters as OpenAPI templates. */
function registeredRoutes(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          out.push(`${method.toUpperCase()} ${prefix}${layer.route.path.replace(/:(\w+)/g, '{$1}')}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, layer.rawPath === undefined || layer.rawPath === '/' ? prefix : `${prefix}${layer.rawPath}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

function documentedOperations(): { key: string; path: string; method: string; operation: Json }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      operation: (item as Json)[method] as Json,
    })),
  );
}

/** Every value reachable from `node`, with its JSON pointer. */
function* walk(node: unknown, pointer = '#'): Generator<{ pointer: string; value: unknown }> {
  yield { pointer, value: node };
  if (node === null || typeof node !== 'object') return;
  for (const [key, child] of Object.entries(node)) yield* walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

function resolvePointer(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

function namedSchema(ref: string): z.ZodType {
  const id = ref.slice(SCHEMA_REF_PREFIX.length);
  const schema = requestSchemas._idmap.get(id) ?? responseSchemas._idmap.get(id);
  if (!schema) throw new Error(`no zod schema named ${id}`);
  return schema as z.ZodType;
}

/** Media types with examples, and the zod schemas the `$ref`s of their schema name. */
function examplesWithSchemas() {
  const found: { pointer: string; name: string; value: unknown; schemas: z.ZodType[] }[] = [];
  for (const { pointer, value } of walk(doc)) {
    const media = value as { schema?: Json; examples?: Record<string, { value: unknown }> } | null;
    if (!pointer.endsWith('/application~1json') || !media?.schema || !media.examples) continue;
    const refs = ((media.schema.anyOf as Json[] | undefined) ?? [media.schema]).map((s) => s.$ref as string);
    for (const [name, example] of Object.entries(media.examples)) {
      found.push({ pointer, name, value: example.value, schemas: refs.map(namedSchema) });
    }
  }
  return found;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 of the interface version, served under the API prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.servers).toEqual([expect.objectContaining({ url: API_PREFIX })]);
  });

  it('documents exactly the routes the app registers under the API prefix', () => {
    const app = createApp({ store: createStore(openDatabase(':memory:')), siteUrl: 'https://site.example' });
    const api = registeredRoutes(app)
      // HEAD is GET without the body (RFC 9110); its own route on the pdf endpoint only drops GET's side effect.
      .filter((route) => route.split(' ')[1]?.startsWith(`${API_PREFIX}/`) && !route.startsWith('HEAD '))
      .map((route) => route.replace(`${API_PREFIX}/`, '/'));
    const documented = documentedOperations()
      .filter(({ method }) => method !== 'options')
      .map(({ key }) => key);
    expect(documented.sort()).toEqual(api.sort());
  });

  it('leaves out only the site files and the description itself, which live outside the API prefix', () => {
    const app = createApp({ store: createStore(openDatabase(':memory:')), siteUrl: 'https://site.example' });
    const outside = registeredRoutes(app).filter((route) => !route.split(' ')[1]?.startsWith(`${API_PREFIX}/`));
    expect(outside.sort()).toEqual(
      ['GET /docs', 'GET /files/documents/{id}/{name}', 'GET /files/pictures/{publicId}', 'GET /files/viewer/{id}', 'GET /openapi.json'].sort(),
    );
  });

  it('offers a public OPTIONS answering 204 on every path', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const options = (item as Json).options as Json | undefined;
      expect(options, path).toMatchObject({ security: [], responses: { 204: expect.any(Object) } });
    }
  });

  it('gives every protected operation the errors any protected request can meet, and body errors to every write', () => {
    for (const { key, method, operation } of documentedOperations()) {
      if (method === 'options') continue;
      const statuses = Object.keys(operation.responses as Json);
      if ((operation.security as unknown[] | undefined)?.length === 0) {
        expect(statuses, key).not.toContain('401');
        continue;
      }
      expect(statuses, key).toEqual(expect.arrayContaining(['401', '403', '429', '500', '503']));
      if (operation.requestBody) expect(statuses, key).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  it('resolves every $ref, and the operation ids are unique', () => {
    for (const { pointer, value } of walk(doc)) {
      const ref = (value as { $ref?: unknown } | null)?.$ref;
      if (typeof ref === 'string') expect(resolvePointer(ref), `${pointer} -> ${ref}`).toBeDefined();
    }
    const ids = documentedOperations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('comes out the same on every build', () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(doc));
  });
});

describe('OpenAPI examples', () => {
  const examples = examplesWithSchemas();

  it('exist for every body of every operation', () => {
    for (const { key, operation } of documentedOperations()) {
      if (operation.operationId?.toString().startsWith('options')) continue;
      const bodies = [operation.requestBody, ...Object.values(operation.responses as Json)].filter(Boolean) as Json[];
      for (const body of bodies) {
        const content = (body.$ref ? resolvePointer(body.$ref as string) : body) as { content?: Record<string, { examples?: Json }> };
        if (content.content) expect(Object.keys(content.content['application/json']?.examples ?? {}).length, key).toBeGreaterThan(0);
      }
    }
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples.map((e) => [`${e.pointer} ${e.name}`, e] as const))('%s validates against the schema the server uses', (_title, example) => {
    // Request schemas are the server's own validation; response schemas are strict about every field.
    const results = example.schemas.map((schema) => schema.safeParse(example.value));
    expect(results.some((result) => result.success), JSON.stringify(results.map((r) => r.error?.issues))).toBe(true);
  });
});
