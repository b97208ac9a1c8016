/**
 * Lengths of room texts. "1 to 120 characters after trimming" and "at most 255 characters" name
 * neither the unit (UTF-16 units, code points, graphemes) nor what trimming strips, so a text is
 * within a limit only when it is by the widest count and the narrowest trim, and beyond it only when
 * it is by the narrowest count and the widest trim.
 */

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Whatever any trim strips: Unicode whitespace, controls, zero-width characters and the BOM. */
// eslint-disable-next-line no-control-regex -- some trims strip every character up to U+0020.
const WIDEST_TRIM = /^[\s\u0000-\u0020\u007f\u0085\u180e\u200b-\u200d\u2060\ufeff]+|[\s\u0000-\u0020\u007f\u0085\u180e\u200b-\u200d\u2060\ufeff]+$/g;
/** What every trim strips. */
const NARROWEST_TRIM = /^[ \t\n\r]+|[ \t\n\r]+$/g;
/** Controls beside tab and line breaks: a target may refuse them in text (NUL is refused for the project texts). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Beyond Latin-1: within it, and without CR LF (the one pair UAX #29 joins there), every character is a grapheme of its own. */
const BEYOND_LATIN_1 = /[\u0100-\uffff]/;

export function graphemes(text: string): number {
  if (!BEYOND_LATIN_1.test(text) && !text.includes('\r\n')) return text.length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

/** Empty after trimming by every trim ("not empty" after trimming). */
export function blankByEveryTrim(text: string): boolean {
  return /^[ \t\n\r]*$/.test(text);
}

/** Longer than `max` characters after trimming, however counted and trimmed. */
export function longerByEveryCount(text: string, max: number, trimmed: boolean): boolean {
  // Trimming only shortens: a text within the limit untrimmed is within it trimmed.
  if (text.length <= max) return false;
  const counted = trimmed ? text.replace(WIDEST_TRIM, '') : text;
  // No count exceeds the UTF-16 units: a text within the limit by them needs no segmenting.
  return counted.length > max && graphemes(counted) > max;
}

/** Plain text of `min` to `max` characters, however counted and trimmed. */
export function withinByEveryCount(text: string, min: number, max: number, trimmed: boolean): boolean {
  if (CONTROL.test(text)) return false;
  if (min > 0 && text.replace(WIDEST_TRIM, '') === '') return false;
  return text.length <= max || (trimmed && text.replace(NARROWEST_TRIM, '').length <= max);
}

/** A returned text against a sent one: stored as sent or trimmed (FREE-ROOM-7, FREE-ROOM-8), in either Unicode normal form. */
export function sameText(returned: unknown, sent: string): boolean {
  if (typeof returned !== 'string') return false;
  const shown = returned.trim();
  const written = sent.trim();
  return shown === written || shown.normalize('NFC') === written.normalize('NFC');
}
