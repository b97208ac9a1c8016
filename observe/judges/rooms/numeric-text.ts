/**
 * How numbers read, in room write bodies and in room answers. The spec names JSON numbers and
 * "numeric string (area and height also with decimal comma), at most 32 characters" without a
 * grammar: plain digits with one decimal separator are numeric by every reading, while a sign, an
 * exponent or surrounding spaces are numeric for some targets and not for others.
 */

export interface NumberReading {
  value: number;
  /** Written with a minus sign: the value is negative or zero whatever the digits. */
  negative: boolean;
  /** Every digit of the mantissa is 0: the value is 0 whatever the exponent. */
  zero: boolean;
  /** Digits with at most one decimal separator, nothing else. */
  plain: boolean;
  /** The decimal separator is a comma. */
  comma: boolean;
  /** Digits that carry the value (leading and trailing zeros left out). */
  significant: number;
  /** Digits after the separator, trailing zeros left out. */
  decimals: number;
}

/** A double holds 15 significant decimal digits exactly: comparing it with a bound then decides the written value too. */
export const EXACT_DIGITS = 15;

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
const LOOSE = /^([+-]?)(?:(\d+)(?:([.,])(\d*))?|([.,])(\d+))([eE][+-]?\d+)?$/;

/** A number literal or numeric text in any finite decimal form, read with point or comma; undefined when it is none. */
export function readNumber(text: string): NumberReading | undefined {
  const match = LOOSE.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', separator1, fraction1, separator2, fraction2, exponent] = match;
  const fraction = fraction1 ?? fraction2 ?? '';
  const separator = separator1 ?? separator2;
  const digits = `${whole}${fraction}`;
  const value = Number(`${sign}${whole || '0'}.${fraction || '0'}${exponent ?? ''}`);
  return {
    value,
    negative: sign === '-',
    zero: !/[1-9]/.test(digits),
    plain: sign === '' && exponent === undefined && whole !== '' && (separator === undefined || fraction !== '') && text === text.trim(),
    comma: separator === ',',
    significant: digits.replace(/^0+/, '').replace(/0+$/, '').length,
    decimals: fraction.replace(/0+$/, '').length,
  };
}

/**
 * Text some target may still read as a number although `readNumber` does not: other digits than
 * ASCII, hex or octal prefixes, digit group separators. Such text is neither clearly a number nor
 * clearly none.
 */
export function mayBeNumericElsewhere(text: string): boolean {
  return /[^\x20-\x7e\t\n\r]/.test(text) || /^\s*[+-]?0[xXoObB]/.test(text) || /^[\s\d+\-.,eE_']*$/.test(text);
}

/** The number a returned value spells (FREE-ROOM-6: "2.5", "2.50", "2,50"), a JSON number too; undefined otherwise. */
export function spelledNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  // Digits with a decimal point, as most values come, read as written: `readNumber` gives the same.
  if (PLAIN_DECIMAL.test(value)) {
    const plain = Number(value);
    return Number.isFinite(plain) ? plain : undefined;
  }
  const reading = readNumber(value);
  return reading && Number.isFinite(reading.value) ? reading.value : undefined;
}

/** An empty returned value: '' (the table's "empty"), or null, whose type ROOM-15 judges. */
export function isEmptyValue(value: unknown): boolean {
  return value === '' || value === null;
}
