import { z } from 'zod';

/**
 * A schema that accepts and rejects what `schema` accepts and rejects, with the same issues, whose
 * objects keep only the members they name: a loose object walks every other member of its input
 * and copies it into its output, and the open members of a results answer (`summary`,
 * `hydraulicBalance`, ...) hold dozens. A reading that takes only the verdict, or only the named
 * members, needs none of that. Its output's type claims the other members too: read only the named ones.
 */
export function namedMembersOnly<T extends z.ZodType>(schema: T): T {
  return stripped(schema) as T;
}

/**
 * The members other than the named are what a loose object's catchall (`unknown`, which accepts
 * anything and reports nothing) takes. Objects and arrays with checks of their own are kept as
 * they are: a check reads the output, which would lack those members.
 */
function stripped(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.ZodObject && schema.def.catchall instanceof z.ZodUnknown && noChecks(schema)) {
    const shape = Object.fromEntries(Object.entries(schema.shape).map(([name, member]) => [name, stripped(member)]));
    return schema.clone({ ...schema.def, shape, catchall: undefined });
  }
  if (schema instanceof z.ZodArray && noChecks(schema)) return schema.clone({ ...schema.def, element: stripped(schema.element) });
  return schema;
}

const noChecks = (schema: z.core.$ZodType) => (schema._zod.def.checks ?? []).length === 0;

/** A parse that held, standing for a narrower schema's result where a wider one the answer passed holds all it does. */
export const PARSED: { success: true; error?: undefined } = { success: true };
