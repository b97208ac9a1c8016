import { z } from 'zod';
import { acceptedInputOf } from '../domain/accepted-input.js';

export type JsonSchema = Record<string, unknown>;

/** Requests are described as the server reads them, responses as it writes them. */
type Io = 'input' | 'output';

/** Where named schemas live in the document; registries give the names. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

function replaceContents(target: JsonSchema, replacement: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, replacement);
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  // OpenAPI 3.1 sets the dialect for the whole document; `$id`s of the registry would rebase refs.
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** JSON Schema keywords given with `.meta()`; a replaced schema keeps them. */
function keywordsOf(schema: z.core.$ZodType): JsonSchema {
  const { id: _id, ...keywords } = z.globalRegistry.get(schema) ?? {};
  return keywords;
}

function params(io: Io): z.core.ToJSONSchemaParams {
  return {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const accepts = acceptedInputOf(zodSchema);
      if (accepts !== undefined) {
        replaceContents(jsonSchema, { ...toJsonSchema(accepts, io), ...keywordsOf(zodSchema) });
        return;
      }
      const def = zodSchema._zod.def;
      // A z.custom guard in front of a pipe only narrows to plain objects; the shape is what it pipes into.
      if (io === 'input' && def.type === 'pipe' && def.in._zod.def.type === 'custom') {
        replaceContents(jsonSchema, { ...toJsonSchema(def.out as z.ZodType, io), ...keywordsOf(zodSchema) });
        return;
      }
      // The format names the rule; zod's regular expression behind it is an implementation detail.
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      // zod bounds every integer by the safe-integer range; that says nothing about this API.
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  };
}

/** One schema, inline. */
export function toJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, params(io)) as JsonSchema);
}

/** Every schema of a registry under its id; a registered schema inside another becomes a `$ref`. */
export function toJsonSchemas(registry: z.core.$ZodRegistry<{ id: string }>, io: Io): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { ...params(io), uri: (id) => `${SCHEMA_REF_PREFIX}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema as JsonSchema)]));
}
