/**
 * Numbers sent as text (query parameters, numeric strings of project and room fields). Every finite
 * decimal form is a number: a sign, digits with or without a fraction (also `.5` and `5.`) and an
 * exponent (`7e0`, `4.5E+1`). Not numbers: hex, octal and binary prefixes, `Infinity`, `NaN`, empty
 * text, thousands separators. Surrounding whitespace is ignored. Whether a decimal comma may stand
 * for the point is the field's rule; the spec gives it to some fields only.
 */
const WITH_POINT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const WITH_POINT_OR_COMMA = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** The number the text denotes, or undefined when it is not a finite decimal number. */
export function parseDecimalText(text: string, options: { decimalComma: boolean }): number | undefined {
  const trimmed = text.trim();
  if (!(options.decimalComma ? WITH_POINT_OR_COMMA : WITH_POINT).test(trimmed)) return undefined;
  const n = Number(trimmed.replace(',', '.'));
  // An exponent can leave the double range (1e400); that is no finite number.
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The text a number is stored and returned as: its shortest plain decimal ("0.0000001", where
 * String() writes "1e-7"), unless that exceeds `maxLength` characters, as it does for tiny numbers
 * (1e-31 needs 33); then String()'s exponent form. Either reads back as the same number.
 */
export function storedDecimalText(n: number, maxLength: number): string {
  const shortest = String(n);
  const exponent = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(shortest);
  if (exponent === null) return shortest;
  const [, lead = '', rest = '', power = '1'] = exponent;
  const plain = `0.${'0'.repeat(Number(power) - 1)}${lead}${rest}`;
  return plain.length <= maxLength ? plain : shortest;
}
