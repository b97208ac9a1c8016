import type { HeaderField } from './exchange.js';
import { isPlainObject } from './json-value.js';

/**
 * The fields a HAR entry and an exchange-log record share, checked by hand as their zod schemas
 * read them (har/plain-entry.ts, exchange-log/plain-record.ts): a value of the usual shape, or a
 * sign that the schema must read it.
 */

/** zod's number: finite. */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isOptionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** New objects of the name and value alone, as the schemas give them; undefined for another shape. */
export function plainHeaders(value: unknown): HeaderField[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const headers: HeaderField[] = [];
  for (const field of value as unknown[]) {
    if (!isPlainObject(field)) return undefined;
    const { name, value: text } = field;
    if (typeof name !== 'string' || typeof text !== 'string') return undefined;
    headers.push({ name, value: text });
  }
  return headers;
}

const PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;
type Timings = Partial<Record<(typeof PHASES)[number], number>>;

/** The timing phases present, in the schemas' order; null when one is not what `isPhase` accepts. */
export function plainTimings(value: unknown, isPhase: (ms: unknown) => ms is number): Timings | null {
  if (!isPlainObject(value)) return null;
  const timings: Timings = {};
  for (const phase of PHASES) {
    const ms = value[phase];
    if (ms === undefined) continue;
    if (!isPhase(ms)) return null;
    timings[phase] = ms;
  }
  return timings;
}
