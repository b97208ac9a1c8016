/**
 * Regular expressions for numeric text within a range, for the API description. JSON Schema has no
 * range for strings, and a pattern such as `^-?\d+(?:[.,]\d+)?$` lets a request generator send
 * `-5` as a building year or `0` as an area, which the server refuses. These patterns admit only
 * text inside the range: plain decimals without sign, exponent or leading zeros, a subset of what
 * the field rules accept (numeric-text.ts), so every text they admit is accepted.
 *
 * Bounds are non-negative integers (every numeric field of the spec has such bounds).
 */
export interface NumericRange {
  min: number;
  max: number;
  /** The minimum itself is outside (areas and heights: greater than 0). */
  exclusiveMin?: boolean;
  integer: boolean;
  decimalComma: boolean;
}

function digitClass(from: number, to: number): string {
  if (from === to) return String(from);
  return from === 0 && to === 9 ? '\\d' : `[${from}-${to}]`;
}

function alternation(parts: string[]): string {
  return parts.length === 1 ? (parts[0] as string) : `(?:${parts.join('|')})`;
}

/** Digit strings of equal length from `lo` to `hi`. */
function sameLength(lo: string, hi: string): string {
  if (lo === hi) return lo;
  const rest = lo.length - 1;
  const zeros = '0'.repeat(rest);
  const nines = '9'.repeat(rest);
  if (lo.slice(1) === zeros && hi.slice(1) === nines) {
    return `${digitClass(Number(lo[0]), Number(hi[0]))}${rest > 0 ? `\\d{${rest}}` : ''}`;
  }
  const [first, last] = [Number(lo[0]), Number(hi[0])];
  if (first === last) return `${first}${sameLength(lo.slice(1), hi.slice(1))}`;
  const parts: string[] = [];
  let from = first;
  let to = last;
  if (lo.slice(1) !== zeros) {
    parts.push(`${first}${sameLength(lo.slice(1), nines)}`);
    from += 1;
  }
  const upper = hi.slice(1) !== nines ? `${last}${sameLength(zeros, hi.slice(1))}` : undefined;
  if (upper !== undefined) to -= 1;
  if (from <= to) parts.push(`${digitClass(from, to)}${rest > 0 ? `\\d{${rest}}` : ''}`);
  if (upper !== undefined) parts.push(upper);
  return alternation(parts);
}

/** Integers from `lo` to `hi` in decimal, without leading zeros. */
function integerRange(lo: number, hi: number): string {
  const parts: string[] = [];
  for (let digits = String(lo).length; digits <= String(hi).length; digits++) {
    const from = Math.max(lo, digits === 1 ? 0 : 10 ** (digits - 1));
    const to = Math.min(hi, 10 ** digits - 1);
    if (from <= to) parts.push(sameLength(String(from), String(to)));
  }
  return alternation(parts);
}

/** Anchored pattern (source text) for the decimal text of numbers in the range. */
export function numericTextPattern(range: NumericRange): string {
  const { min, max } = range;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || max < min) {
    throw new RangeError(`numeric text patterns need integer bounds 0 <= min <= max, not ${min}..${max}`);
  }
  const point = range.decimalComma ? '[.,]' : '\\.';
  const lowest = range.exclusiveMin ? min + 1 : min;
  if (range.integer) {
    if (lowest > max) throw new RangeError(`no integer in ${min}..${max}`);
    return `^${integerRange(lowest, max)}$`;
  }
  const parts: string[] = [];
  // Just above an exclusive minimum: the minimum with a fraction that is not all zeros.
  if (range.exclusiveMin && min < max) parts.push(`${min}${point}\\d*[1-9]\\d*`);
  if (lowest <= max - 1) parts.push(`${integerRange(lowest, max - 1)}(?:${point}\\d+)?`);
  parts.push(`${max}(?:${point}0+)?`);
  return `^${alternation(parts)}$`;
}
