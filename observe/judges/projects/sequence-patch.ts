import { isDeepStrictEqual } from 'node:util';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { RELEASED_PROJECT_FIELDS } from '../../../spec/contract/projects.js';
import { projectWriteBodyOf, sameShownValue, shortJson } from './sequence-normalisation.js';
import { isCreation, isDetailRead } from './sequence-own-projects.js';
import { projectPathOf } from './project-path.js';
import { atNextRead } from './next-read.js';
import { CHANGE_ROW, CREATION_ROWS, DETAIL_ROW } from './project-rows.js';
import { ProjectLog, projectOpsState, readsWithProjectLog } from './sequence-project-log.js';
import { Settler } from './sequence-settle.js';
import { isPlainObject } from '../../json-value.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';

/** A project as an answer showed it: its header and its data. */
interface Shown {
  x: ExchangeView;
  header: Record<string, unknown>;
  data: Record<string, unknown>;
}

interface Patch {
  x: ExchangeView;
  key: string;
  touched: ReadonlySet<string>;
  before: Shown;
}

const isScalar = (value: unknown) => !isPlainObject(value) && !Array.isArray(value);

function shownOf(x: ExchangeView): Shown | undefined {
  const body = x.responseJson;
  return isPlainObject(body) && isPlainObject(body.projektHeader) && isPlainObject(body.projektData) ? { x, header: body.projektHeader, data: body.projektData } : undefined;
}

/**
 * "PATCH /reports/{projectKey} changes only the sent released fields" (PROJ-102): the customer's
 * read of the project before a PATCH and its next read after it show the same header (key, id, and
 * the status, which a project PATCH does not move, FREE-STAT-1) and the same value of every
 * released field the PATCH did not send. A field another request may have written in between, and
 * the status when anything but reads and project PATCHes happened in between, are not compared.
 */
export function patchKeepsOthersJudge(context: JudgeContext): Judge {
  const log = new ProjectLog(context.shared(projectOpsState));
  const settler = new Settler();
  /** The last answer that showed each project to each customer. */
  const shown = new BoundedMap<string, Shown>(20_000, SEQUENCE_HORIZON_MS);
  const patches = new BoundedMap<string, Patch[]>(2000, SEQUENCE_HORIZON_MS);

  function judge(ledger: Ledger, patch: Patch, after: Shown): void {
    const { before, key } = patch;
    const others = log.between(key, earliestSend(before.x), latestAnswer(after.x), [before.x.seq, patch.x.seq, after.x.seq]);
    if (others.some((op) => op.touched === 'all')) return;
    const written = new Set([...patch.touched, ...others.flatMap((op) => (op.touched === 'all' ? [] : [...op.touched]))]);
    const changed: string[] = [];
    for (const f of RELEASED_PROJECT_FIELDS) {
      if (written.has(f)) continue;
      const was = before.data[f];
      const is = after.data[f];
      // A value that is no scalar is PROJ-88's.
      if (isScalar(was) && isScalar(is) && !sameShownValue(was, is)) changed.push(`${f} ${shortJson(was)} → ${shortJson(is)}`);
    }
    if (String(before.header.key).toLowerCase() !== String(after.header.key).toLowerCase()) changed.push(`projektHeader.key ${shortJson(before.header.key)} → ${shortJson(after.header.key)}`);
    if (!isDeepStrictEqual(before.header.id, after.header.id)) changed.push(`projektHeader.id ${shortJson(before.header.id)} → ${shortJson(after.header.id)}`);
    const statusKept = others.every((op) => op.kind === 'project-write');
    if (statusKept && !isDeepStrictEqual(before.header.status, after.header.status)) changed.push(`projektHeader.status ${shortJson(before.header.status)} → ${shortJson(after.header.status)}`);
    ledger.judge('PROJ-102', after.x, changed.length === 0, () => `PATCH ${patch.x.apiPath} changed what it did not send: ${changed.slice(0, 4).join('; ')}`, [patch.x, before.x]);
  }

  /** Runs once the read has settled: its closure made here, so that `see` makes no closure context. */
  function judgeLater(ledger: Ledger, patch: Patch, after: Shown): void {
    settler.after(after.x.answeredAt, () => judge(ledger, patch, after));
  }

  function detailRead(ledger: Ledger, x: ExchangeView, customer: string, key: string, after: Shown): void {
    const waiting = patches.get(customer);
    if (!waiting) return;
    // "the next read": each PATCH is judged by the first read that started after its answer.
    const { kept, next } = atNextRead(waiting, x, key);
    patches.set(customer, kept, x.answeredAt);
    if (next) for (const patch of next) judgeLater(ledger, patch, after);
  }

  return {
    rules: ['PROJ-102'],
    // The answers that show a project and the PATCHes, and what its log records; at any other
    // exchange `see` only moved the settling clock, which `tick` does.
    reads: readsWithProjectLog([...CREATION_ROWS, CHANGE_ROW, DETAIL_ROW]),
    tick(sentAt) {
      settler.advance(sentAt);
    },
    see(x, ledger) {
      settler.advance(x.sentAt);
      log.record(x);
      const customer = x.customer;
      if (customer === undefined) return;
      if (isCreation(x) && x.status === 201) {
        const project = shownOf(x);
        const key = typeof project?.header.key === 'string' ? project.header.key.toLowerCase() : undefined;
        if (project && key !== undefined) shown.set(`${customer} ${key}`, project, x.answeredAt);
      } else if (x.endpoint?.id === CHANGE_ROW && x.status === 200) {
        const key = projectPathOf(x)?.key as string;
        const before = shown.get(`${customer} ${key}`);
        const touched = projectWriteBodyOf(x).touched;
        if (!before || touched === 'all' || !followsClosely(before.x, x)) return;
        const list = patches.get(customer) ?? [];
        list.push({ x, key, touched, before });
        if (list.length > 200) list.shift();
        patches.set(customer, list, x.answeredAt);
      } else if (isDetailRead(x) && x.status === 200) {
        const key = projectPathOf(x)?.key as string;
        const after = shownOf(x);
        if (!after) return;
        shown.set(`${customer} ${key}`, after, x.answeredAt);
        detailRead(ledger, x, customer, key, after);
      }
    },
    end() {
      settler.flush();
    },
  };
}
