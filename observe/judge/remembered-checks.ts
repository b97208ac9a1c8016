import type { z } from 'zod';

/** Values remembered per schema; beyond them the verdicts start afresh. */
const REMEMBERED_VALUES = 1024;
/** Longer texts are checked each time: they would hold more memory than their check costs. */
const REMEMBERED_LENGTH = 200;

/**
 * A schema's verdict on a value, remembered for texts, numbers, booleans and null: the answers of
 * an observation repeat the same ids, labels and times, and a lookup costs a fraction of a parse.
 * Objects and arrays are parsed each time.
 */
export function rememberedCheck(schema: z.ZodType): (value: unknown) => boolean {
  const verdicts = new Map<unknown, boolean>();
  return (value) => {
    if (!rememberable(value)) return schema.safeParse(value).success;
    let ok = verdicts.get(value);
    if (ok === undefined) {
      ok = schema.safeParse(value).success;
      if (verdicts.size >= REMEMBERED_VALUES) verdicts.clear();
      verdicts.set(value, ok);
    }
    return ok;
  };
}

/** A Map tells values apart as `===` does, but for -0, which it takes for 0. */
function rememberable(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value.length <= REMEMBERED_LENGTH;
    case 'number':
      return !Object.is(value, -0);
    case 'boolean':
    case 'undefined':
      return true;
    default:
      return value === null;
  }
}
