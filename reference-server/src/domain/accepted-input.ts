import type { z } from 'zod';

/**
 * What a lenient field schema accepts, for the API description. The field schemas take `unknown`
 * and normalize it themselves, because the spec's 422 must name the field with a German message,
 * which a zod union cannot give; JSON Schema therefore sees only "anything". Each field rule
 * declares here, next to its normalizer and from the same limits, the inputs it accepts, and the
 * OpenAPI generator puts that in place of the field schema.
 */
const accepted = new WeakMap<z.core.$ZodType, z.ZodType>();

export function declareAcceptedInput<S extends z.ZodType>(schema: S, accepts: z.ZodType): S {
  accepted.set(schema, accepts);
  return schema;
}

export function acceptedInputOf(schema: z.core.$ZodType): z.ZodType | undefined {
  return accepted.get(schema);
}
