import { errors } from '../http/api-error.js';

/**
 * Where a response would carry a number JSON cannot: JSON.stringify writes NaN and ±Infinity as
 * null, so a member the API description promises as a number would silently turn into null.
 */

/** JSON path (`$.results.radiators[0].kv`) of the first NaN or ±Infinity in the value, or undefined. */
export function firstNonFiniteNumber(value: unknown, path = '$'): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNonFiniteNumber(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      const found = firstNonFiniteNumber(member, `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The results answer as it is, or 422 `calculation_unavailable` when the stored data drive a figure
 * out of the number range (a room area of 5e-324 m², which "greater than 0" admits, makes its load
 * per m² Infinity): such data do not suffice for a calculation the API can publish.
 */
export function publishableResults<T>(answer: T): T {
  const at = firstNonFiniteNumber(answer);
  if (at !== undefined) {
    throw errors.calculationUnavailable(`Berechnung nicht möglich: Die erfassten Werte ergeben bei ${at} eine Zahl außerhalb des darstellbaren Bereichs.`);
  }
  return answer;
}
