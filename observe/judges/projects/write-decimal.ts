/**
 * Decimal numbers read exactly from their text: a JSON number literal (`4.0`, `1e3`,
 * `10000.0000000000000001`) or a numeric string. JSON.parse rounds to a double, so a value at a
 * range's edge or a code written as `2.0` can be told apart only from the text it was sent as.
 */

/** `sign × 0.digits × 10^point`; zero has no digits. */
export interface Decimal {
  negative: boolean;
  digits: string;
  point: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:[.,](\d*))?(?:[eE]([+-]?\d+))?$/;

/** The exact value of a decimal text (point or comma, sign, exponent); undefined when it is none. */
export function decimalOf(text: string): Decimal | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const all = whole + fraction;
  const lead = all.search(/[1-9]/);
  if (lead === -1) return { negative: sign === '-', digits: '', point: 0 };
  const digits = all.slice(lead).replace(/0+$/, '');
  return { negative: sign === '-', digits, point: whole.length - lead + Number(exponent) };
}

/** The exact value of a double, as JavaScript writes it (`1e+21`, `1.5e-7` included). */
export function decimalOfNumber(n: number): Decimal | undefined {
  return Number.isFinite(n) ? decimalOf(String(n)) : undefined;
}

function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.digits === '' || b.digits === '') return (a.digits === '' ? 0 : 1) - (b.digits === '' ? 0 : 1);
  if (a.point !== b.point) return a.point < b.point ? -1 : 1;
  const width = Math.max(a.digits.length, b.digits.length);
  const x = a.digits.padEnd(width, '0');
  const y = b.digits.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; a negative zero is zero. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const signA = a.digits === '' ? 0 : a.negative ? -1 : 1;
  const signB = b.digits === '' ? 0 : b.negative ? -1 : 1;
  if (signA !== signB) return signA < signB ? -1 : 1;
  return signA >= 0 ? compareMagnitude(a, b) : compareMagnitude(b, a);
}

export function isIntegral(d: Decimal): boolean {
  return d.digits.length <= d.point || d.digits === '';
}

/** The table's bounds and codes, each read once: they are few and asked of every value. */
const BOUNDS = new Map<number, Decimal>();

function bound(n: number): Decimal {
  let d = BOUNDS.get(n);
  if (d === undefined) {
    d = decimalOfNumber(n) as Decimal;
    BOUNDS.set(n, d);
  }
  return d;
}

/** Whether `d` lies in [min, max] (and is integral when `integer`); the bounds are the table's. */
export function inRange(d: Decimal, range: { min: number; max: number; integer: boolean }): boolean {
  return compareDecimals(d, bound(range.min)) >= 0 && compareDecimals(d, bound(range.max)) <= 0 && (!range.integer || isIntegral(d));
}

/** Whether `d` is one of the integers `values` (the table's codes). */
export function isOneOf(d: Decimal, values: readonly number[]): boolean {
  return values.some((v) => compareDecimals(d, bound(v)) === 0);
}
