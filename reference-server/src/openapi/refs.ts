import type { z } from 'zod';
import { SCHEMA_REF_PREFIX } from './json-schema.js';
import { requestSchemas, responseSchemas } from './schemas/registries.js';

/** Bodies are always named schemas, so the document shows each one once. */
export function schemaRef(schema: z.ZodType): { $ref: string } {
  const id = requestSchemas.get(schema)?.id ?? responseSchemas.get(schema)?.id;
  if (id === undefined) throw new Error(`body schema without a name in the registries: ${schema.description ?? schema.def.type}`);
  return { $ref: `${SCHEMA_REF_PREFIX}${id}` };
}

export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });
