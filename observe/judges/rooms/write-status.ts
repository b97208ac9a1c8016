import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { describePart, type RoomWrite } from './write-body.js';
import { isPlainObject } from '../../json-value.js';

/**
 * 400, 413 and 415 answer the text, size and type of a body: for a body the judge read as the
 * target must have (write-body.ts), whether they were right is for the error rules to say, not for
 * the rules of the fields.
 */
const ANSWERS_OF_THE_TEXT: ReadonlySet<number> = new Set([400, 413, 415]);

/** Whether the status of a write tells what the target made of its body. */
export function statusJudgeable(x: ExchangeView): boolean {
  return answeredOnItsInput(x) && !ANSWERS_OF_THE_TEXT.has(x.status);
}

/**
 * The status of a room write against its body: 422 where a part of it must be refused, not 422
 * where all of it must be accepted; each of `rules` the body meets is judged once. Unjudged: 429,
 * 5xx, and 401, 403 and 404, which may come before the body (FREE-ERR-7, FREE-ROOM-10).
 */
export function judgeWriteStatus(x: ExchangeView, ledger: Ledger, write: RoomWrite, rules: ReadonlySet<string>): void {
  if (!statusJudgeable(x)) return;
  const request = `${x.method} ${x.apiPath}`;
  if (write.verdict === 'invalid') {
    for (const [rule, what] of write.refusedBy) {
      if (rules.has(rule)) ledger.judge(rule, x, x.status === 422, () => `${request} sending ${describePart(what)} answered ${x.status}, not 422`);
    }
    return;
  }
  if (write.verdict !== 'valid') return;
  const refusedField = x.status === 422 ? refusedFieldOf(x, write) : undefined;
  const judged = new Set<string>();
  for (const [field, { rule, what }] of write.accepted) {
    if (!rules.has(rule) || judged.has(rule)) continue;
    if (x.status !== 422) {
      judged.add(rule);
      ledger.held(rule, x);
    } else if (field === refusedField) {
      judged.add(rule);
      ledger.broke(rule, x, `${request} sending ${describePart(what)} in an otherwise valid body answered 422`);
    }
  }
}

/**
 * Which valid field a 422 refused: the one `details.field` names (FREE-ERR-2: as the field or a
 * path ending in it), or the only one sent. Undefined when the answer does not tell: blaming every
 * field sent would blame the rules of fields the target took.
 */
function refusedFieldOf(x: ExchangeView, write: RoomWrite): string | undefined {
  const body = x.responseJson;
  const named = isPlainObject(body) && isPlainObject(body.details) && typeof body.details.field === 'string' ? body.details.field : undefined;
  const field = named === undefined ? undefined : [...write.accepted.keys()].find((f) => named === f || named.endsWith(`.${f}`));
  if (field !== undefined) return field;
  return write.accepted.size === 1 ? [...write.accepted.keys()][0] : undefined;
}
