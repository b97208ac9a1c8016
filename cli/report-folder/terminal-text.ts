/**
 * Text from a report folder on its way to a terminal or a log. A folder is someone else's output:
 * a rule ID holding ESC [2J clears the screen and can paint "accepted" over a rejection, so every
 * printer of folder content passes it through here.
 */

/** Longest run of folder text one field prints; a title of megabytes says nothing more at full length. */
export const SHOWN_CHARS = 400;

/** Entries a list of folder values prints before "and N more". */
export const SHOWN_ITEMS = 10;

// C0 and C1 controls, DEL, and the characters that reorder or hide what follows them (bidi overrides, line separators).
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's whole job
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A line as printed: every control character written out as \uXXXX, whatever else it holds. */
export const terminalLine = (line: string): string => line.replace(UNSAFE, escapeChar);

/** One value from a folder inside a message: escaped, and cut to SHOWN_CHARS with the count of the rest. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const cut = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length - SHOWN_CHARS} more characters)` : text;
  return terminalLine(cut);
}

/** Values from a folder as one list: each shown(), the first SHOWN_ITEMS, then "and N more". */
export function shownList(values: readonly unknown[], max = SHOWN_ITEMS): string {
  const head = values.slice(0, max).map(shown).join(', ');
  return values.length > max ? `${head} and ${values.length - max} more` : head;
}
