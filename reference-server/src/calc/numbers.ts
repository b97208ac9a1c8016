/**
 * Runtime guard for numbers coming from storage: the types say `number`, but a stored value can be
 * missing (undefined/null) or unusable (NaN); the engine treats all of those as "not given".
 */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
