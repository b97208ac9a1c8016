import { UsageError } from './usage.js';

/** What a numeric flag takes. */
export interface NumberRange {
  min: number;
  max?: number;
  integer?: boolean;
}

/** The number a flag's value gives, or a UsageError naming the flag, the value and the fix. */
export function numberFlag(flag: string, raw: string, range: NumberRange): number {
  const n = Number(raw);
  const bounds = range.max === undefined ? `>= ${range.min}` : `from ${range.min} to ${range.max}`;
  if (raw.trim() === '' || !Number.isFinite(n) || n < range.min || (range.max !== undefined && n > range.max) || (range.integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} '${raw}' is invalid. Fix: ${range.integer ? 'an integer' : 'a number'} ${bounds}`);
  }
  return n;
}
