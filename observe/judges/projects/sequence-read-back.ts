import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import type { ReleasedProjectField } from '../../../spec/contract/projects.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import {
  clearlyValidFields,
  describeReadBack,
  isReleasedField,
  matchesReadBack,
  projectWriteBodyOf,
  readBackOf,
  shortJson,
  type ReadBack,
} from './sequence-normalisation.js';
import { projectPathOf } from './project-path.js';
import { atNextRead } from './next-read.js';
import { headerKeyOf } from './sequence-own-projects.js';
import { CHANGE_ROW, DETAIL_ROW, WITH_DATA_ROW } from './project-rows.js';
import { ProjectLog, projectOpsState, readsWithProjectLog } from './sequence-project-log.js';
import { Settler } from './sequence-settle.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';

/** "`projektArtHeizung` ... empty/null deletes" and its siblings: the rule of each deletable field. */
const DELETION_RULES: Partial<Record<ReleasedProjectField, string>> = {
  projektArtHeizung: 'PROJ-27',
  projektAlterHeizung: 'PROJ-30',
  projektBewohner: 'PROJ-33',
  projektJahresverbrauch: 'PROJ-36',
  projektBaujahr: 'PROJ-39',
  projektTrinkwasser: 'PROJ-42',
  projektWaermeerzeugerSolarArt: 'PROJ-47',
  projektKollektorflaecheSolar: 'PROJ-50',
  projektJahresverbrauchHolz: 'PROJ-55',
  projektWaermeerzeugerHolzArt: 'PROJ-58',
  plz: 'PROJ-67',
};

/** "true/on/1 is stored as on; false/off/0/empty/null is stored as empty". */
const FLAG_RULES: Partial<Record<ReleasedProjectField, { on: string; off: string }>> = {
  projektWaermeerzeugerSolarStatus: { on: 'PROJ-43', off: 'PROJ-44' },
  projektWaermeerzeugerHolzStatus: { on: 'PROJ-51', off: 'PROJ-52' },
};

const CONTACT_TEXTS: ReadonlySet<string> = new Set(['anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'ort', 'telefon', 'bemerkungen']);

/**
 * The rule a value read back judges: the field table's own rule for the case where it has one
 * (a deletion, a flag, a name or contact text sent as number or null, a leading zero, an email
 * emptied), else the general one (PROJ-119).
 */
function ruleOf(field: ReleasedProjectField, sent: unknown, expected: ReadBack): string {
  const flag = FLAG_RULES[field];
  if (flag) return expected.kind === 'on' ? flag.on : flag.off;
  const deletion = DELETION_RULES[field];
  if (deletion && expected.kind === 'deleted') return deletion;
  if (field === 'email' && (sent === '' || sent === null)) return sent === '' ? 'PROJ-60' : 'PROJ-120';
  if (field === 'projektName') return typeof sent === 'string' ? 'PROJ-17' : typeof sent === 'number' ? 'PROJ-18' : 'PROJ-19';
  if (CONTACT_TEXTS.has(field) && typeof sent !== 'string') return 'PROJ-63';
  if (field === 'plz' && typeof sent === 'string' && sent.startsWith('0')) return 'PROJ-66';
  return 'PROJ-119';
}

interface Expected {
  field: ReleasedProjectField;
  sent: unknown;
  readBack: ReadBack;
}

/** A write whose values the next read must show. */
interface Written {
  x: ExchangeView;
  key: string;
  expected: Expected[];
  /** For a with-data creation: the fields its answer showed otherwise than sent, with the value shown. */
  answeredOtherwise?: Map<ReleasedProjectField, unknown>;
}

/** Writes awaiting their read, per customer. */
const WRITES_PER_CUSTOMER = 500;

function expectationsOf(fields: Readonly<Record<string, unknown>>): Expected[] {
  const expected: Expected[] = [];
  for (const field of Object.keys(fields)) {
    if (!isReleasedField(field)) continue;
    const sent = fields[field];
    const readBack = readBackOf(field, sent);
    if (readBack) expected.push({ field, sent, readBack });
  }
  return expected;
}

const isStructured = (value: unknown) => value !== null && typeof value === 'object';

const dataOf = (body: unknown): Record<string, unknown> | undefined => {
  const data = (body as { projektData?: unknown } | null | undefined)?.projektData;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
};

/**
 * Values written read back normalized (the field table, PROJ-17 to PROJ-67, PROJ-119, PROJ-120):
 * a write's values by the customer's next read of the project when no other request in between
 * may have written the project (a PATCH's answer is "not shown", FREE-PROJ-11).
 * POST /reports/with-data creates and fills together (PROJ-87): its answer shows the sent values;
 * where it does not, the next read tells a creation answered before filling (PROJ-87) from a value
 * stored otherwise (the field's rule). A refused deletion (422 to a valid body holding only it)
 * deletes nothing: the deletion's rule.
 */
export function projectReadBackJudge(context: JudgeContext): Judge {
  const log = new ProjectLog(context.shared(projectOpsState));
  const settler = new Settler();
  const pending = new BoundedMap<string, Written[]>(2000);
  /**
   * A with-data creation that no read followed: its answer alone is the state after the write, so
   * what it showed otherwise than sent is PROJ-87's ("the creation response ... show[s] the sent values").
   */
  function unread(ledger: Ledger, written: Written): void {
    if (!written.answeredOtherwise || written.answeredOtherwise.size === 0) return;
    const [field, shown] = [...written.answeredOtherwise][0] as [ReleasedProjectField, unknown];
    ledger.broke('PROJ-87', written.x, `POST /reports/with-data answered \`${field}\` as ${shortJson(shown)}, not as sent${written.answeredOtherwise.size > 1 ? ` (and ${written.answeredOtherwise.size - 1} more fields)` : ''}, and no read of the project followed`);
  }

  function remember(ledger: Ledger, customer: string, written: Written): void {
    const list = pending.upsert(customer, () => []);
    list.push(written);
    if (list.length > WRITES_PER_CUSTOMER) unread(ledger, list.shift() as Written);
  }

  function judgeRead(ledger: Ledger, written: Written, read: ExchangeView, data: Record<string, unknown>): void {
    const path = written.answeredOtherwise ? 'POST /reports/with-data' : `PATCH ${written.x.apiPath}`;
    // "no other write in between": a value changed by another write is PROJ-102's (or nobody's) to judge.
    if (log.between(written.key, earliestSend(written.x), latestAnswer(read), [written.x.seq, read.seq]).some((op) => op.touched === 'all' || op.touched.size > 0)) return;
    for (const { field, sent, readBack } of written.expected) {
      // A value that is no scalar is PROJ-88's.
      if (isStructured(data[field])) continue;
      const ok = matchesReadBack(readBack, data[field]);
      ledger.judge(ruleOf(field, sent, readBack), read, ok, () => `\`${field}\` sent as ${shortJson(sent)} (${path}) read back as ${shortJson(data[field])} in the next GET ${read.apiPath}; expected ${describeReadBack(readBack)}`, [written.x]);
      const answered = written.answeredOtherwise?.get(field);
      if (ok && written.answeredOtherwise?.has(field)) {
        // "creation and filling happen together": the answer showed the project before filling.
        ledger.broke('PROJ-87', read, `\`${field}\` sent as ${shortJson(sent)} was answered as ${shortJson(answered)} by POST /reports/with-data, though the next read shows it stored`, [written.x]);
      }
    }
  }

  function creationAnswer(ledger: Ledger, x: ExchangeView, customer: string): void {
    const fields = projectWriteBodyOf(x).fields;
    const key = headerKeyOf(x.responseJson);
    const data = dataOf(x.responseJson);
    if (!fields || key === undefined || !data) return;
    const expected = expectationsOf(fields);
    const answeredOtherwise = new Map<ReleasedProjectField, unknown>();
    for (const { field, readBack } of expected) {
      if (isStructured(data[field])) continue;
      if (matchesReadBack(readBack, data[field])) ledger.held('PROJ-87', x);
      else answeredOtherwise.set(field, data[field]);
    }
    remember(ledger, customer, { x, key: key.toLowerCase(), expected, answeredOtherwise });
  }

  /** "Sending empty or null deletes an optional value": a valid body holding only a deletion is not refused. */
  function deletionRefused(ledger: Ledger, x: ExchangeView): void {
    const fields = clearlyValidFields(x);
    const [only] = fields ? expectationsOf(fields) : [];
    if (!fields || Object.keys(fields).length !== 1 || !only || (only.readBack.kind !== 'deleted' && only.readBack.kind !== 'emptyText')) return;
    const rule = ruleOf(only.field, only.sent, only.readBack);
    if (rule !== 'PROJ-119') ledger.broke(rule, x, `\`${only.field}\` sent as ${shortJson(only.sent)} alone in a valid body was refused (422)`);
  }

  /** Runs once the read has settled: its closure made here, so that `see` makes no closure context. */
  function judgeReadLater(ledger: Ledger, written: Written, read: ExchangeView, data: Record<string, unknown>): void {
    settler.after(read.answeredAt, () => judgeRead(ledger, written, read, data));
  }

  function detailRead(ledger: Ledger, x: ExchangeView, customer: string): void {
    const waiting = pending.get(customer);
    if (!waiting) return;
    const at = projectPathOf(x);
    const data = dataOf(x.responseJson);
    if (!at || !data) return;
    // "the next read": each write is judged by the first read that started after its answer.
    const { kept, next } = atNextRead(waiting, x, at.key, (w) => unread(ledger, w));
    pending.set(customer, kept);
    if (next) for (const written of next) judgeReadLater(ledger, written, x, data);
  }

  return {
    rules: ['PROJ-17', 'PROJ-18', 'PROJ-19', 'PROJ-27', 'PROJ-30', 'PROJ-33', 'PROJ-36', 'PROJ-39', 'PROJ-42', 'PROJ-43', 'PROJ-44', 'PROJ-47', 'PROJ-50', 'PROJ-51', 'PROJ-52', 'PROJ-55', 'PROJ-58', 'PROJ-60', 'PROJ-63', 'PROJ-66', 'PROJ-67', 'PROJ-87', 'PROJ-119', 'PROJ-120'],
    // The writes it judges and the reads that judge them, and what its log records; at any other
    // exchange `see` only moved the settling clock, which `tick` does.
    reads: readsWithProjectLog([WITH_DATA_ROW, CHANGE_ROW, DETAIL_ROW]),
    tick(sentAt) {
      settler.advance(sentAt);
    },
    see(x, ledger) {
      settler.advance(x.sentAt);
      log.record(x);
      const customer = x.customer;
      if (customer === undefined) return;
      const route = x.endpoint?.id;
      if (x.method === 'POST' && x.apiPath === '/reports/with-data' && x.status === 201 && x.responseBodyRecorded) {
        creationAnswer(ledger, x, customer);
      } else if (route === CHANGE_ROW && x.status === 200) {
        const fields = projectWriteBodyOf(x).fields;
        const at = projectPathOf(x);
        if (fields && at) remember(ledger, customer, { x, key: at.key, expected: expectationsOf(fields) });
      } else if (route === CHANGE_ROW && x.status === 422 && answeredOnItsInput(x)) {
        deletionRefused(ledger, x);
      } else if (route === DETAIL_ROW && x.status === 200 && x.responseBodyRecorded) {
        detailRead(ledger, x, customer);
      }
    },
    end(ledger) {
      settler.flush();
      for (const list of pending.values()) list.forEach((w) => unread(ledger, w));
    },
  };
}
