import { randomInt } from 'node:crypto';

const DIGITS = '0123456789';
const LOWER_HEX = 'abcdef';
const UPPER_HEX = 'ABCDEF';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The characters a drawn character may take: its own class, hex letters kept hex (a route may validate the form before it looks up). */
function classOf(c: string): string | undefined {
  if (DIGITS.includes(c)) return DIGITS;
  if (LOWER_HEX.includes(c)) return LOWER_HEX;
  if (UPPER_HEX.includes(c)) return UPPER_HEX;
  if (LOWER.includes(c)) return LOWER;
  if (UPPER.includes(c)) return UPPER;
  return undefined;
}

/**
 * An id of the same form as `id` that names nothing the harness knows of: the same length, a
 * leading run of letters before other characters kept (a type prefix such as `r` of a room id),
 * every other letter or digit drawn from its class, separators kept. The two arms of the probe
 * then differ in existence only, not in length or in what a form check could reject.
 */
export function sameFormId(id: string, known: readonly string[] = []): string {
  const prefix = /^[A-Za-z]+(?=[^A-Za-z])/.exec(id)?.[0] ?? '';
  if (!Array.from(id.slice(prefix.length)).some(classOf)) throw new Error(`no id of the form of "${id}" can be drawn: it has no letters or digits after its prefix`);
  for (;;) {
    const drawn = prefix + Array.from(id.slice(prefix.length), (c) => {
      const chars = classOf(c);
      return chars ? chars.charAt(randomInt(chars.length)) : c;
    }).join('');
    if (drawn !== id && !known.includes(drawn)) return drawn;
  }
}
