import { isEmptyValue, spelledNumber } from './numeric-text.js';
import { sameText } from './room-text.js';
import type { SentValue } from './write-body.js';

const TEXT_FIELDS: ReadonlySet<string> = new Set(['raumBezeichnung', 'raumNotiz']);

/**
 * Two answers' values of one roomData field as the same stored value: numbers in any spelling
 * (FREE-ROOM-6), texts trimmed or not (FREE-ROOM-7, FREE-ROOM-8), '' and null both empty.
 */
export function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (TEXT_FIELDS.has(field) && typeof a === 'string' && typeof b === 'string') return sameText(a, b);
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  const [x, y] = [spelledNumber(a), spelledNumber(b)];
  if (x !== undefined && y !== undefined) return x === y;
  return a === b;
}

/** Decimal places a target may round area and height to: the kit's own checks send at most two. */
const KEPT_DECIMALS = 2;

/** Whether the read-back of a sent value can be judged (a number of more decimal places may be rounded: its precision is not shown). */
export function readBackJudgeable(sent: SentValue): boolean {
  return sent.kind !== 'number' || sent.decimals <= KEPT_DECIMALS;
}

/** A returned value against the value a write sent. */
export function showsSent(value: unknown, sent: SentValue): boolean {
  if (sent.kind === 'empty') return isEmptyValue(value);
  if (sent.kind === 'text') return sameText(value, sent.text);
  return spelledNumber(value) === sent.value;
}
