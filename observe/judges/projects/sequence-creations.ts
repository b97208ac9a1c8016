import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { PROJECT_LIST_GROUPS } from '../../../spec/contract/projects.js';
import { CREATION_ROWS, LIST_ROW } from './project-rows.js';
import { headerKeyOf, isCreation, isListRead } from './sequence-own-projects.js';
import { isPlainObject } from '../../json-value.js';

interface Created {
  x: ExchangeView;
  key: string;
  id: unknown;
  link: unknown;
  /** Judged by PROJ-92 already (the next list after it only). */
  listed: boolean;
}

function createdOf(x: ExchangeView): Created | undefined {
  const body = x.responseJson;
  const key = headerKeyOf(body);
  if (key === undefined || !isPlainObject(body) || !isPlainObject(body.projektHeader)) return undefined;
  return { x, key, id: body.projektHeader.id, link: body.projektHeader.link, listed: false };
}

/** The entries of the four groups, when the answer has them all. */
function groupsOf(body: unknown): unknown[][] | undefined {
  if (!isPlainObject(body)) return undefined;
  const groups = PROJECT_LIST_GROUPS.map((g) => body[g]);
  return groups.every(Array.isArray) ? (groups as unknown[][]) : undefined;
}

function holdsValue(value: unknown, wanted: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => holdsValue(v, wanted));
  if (isPlainObject(value)) return Object.values(value).some((v) => holdsValue(v, wanted));
  return (typeof value === 'number' || typeof value === 'string') && String(value) === String(wanted);
}

/**
 * Whether the list names the project. "Fields of an entry inside the project list groups: not
 * shown" (FREE-PROJ-9: "a `key` member, the key inside a link, a nested header, an id under any
 * name"): the key anywhere in any case, the link, or the id as any value counts.
 */
function lists(list: ProjectList, project: Created): boolean {
  if (list.lowerText.includes(project.key.toLowerCase())) return true;
  if (typeof project.link === 'string' && project.link !== '' && list.text.includes(JSON.stringify(project.link).slice(1, -1))) return true;
  return (typeof project.id === 'number' || (typeof project.id === 'string' && project.id !== '')) && holdsValue(list.groups, project.id);
}

/** A list's groups, and their text written out once for every project looked for in it. */
interface ProjectList {
  groups: unknown[][];
  text: string;
  lowerText: string;
}

function projectListOf(groups: unknown[][]): ProjectList {
  const text = JSON.stringify(groups);
  return { groups, text, lowerText: text.toLowerCase() };
}

/** The creations a list started after, within the horizon. */
const createdBefore = (made: readonly Created[], x: ExchangeView) => made.filter((c) => followsClosely(c.x, x));

const missingFrom = (list: ProjectList, created: readonly Created[]) => created.filter((c) => !lists(list, c));

/** Nothing created, as most lists find: one array for all of them. */
const NONE: readonly Created[] = Object.freeze([]);

/** A customer's last full list. */
interface FullList {
  x: ExchangeView;
  entries: number;
}

/**
 * The customer's entry of its last full list, renewed in place: written at every full list of
 * the customer, a new one would be promoted to the old heap with every write (none is read after
 * the next is written).
 */
function renewed(held: FullList | undefined, x: ExchangeView, entries: number): FullList {
  if (held === undefined) return { x, entries };
  held.x = x;
  held.entries = entries;
  return held;
}

/** The query of a list as a failure names it. */
const queryOf = (x: ExchangeView) => (x.rawQuery === '' ? '' : `?${x.rawQuery.slice(0, 60)}`);

/** PROJ-90 on whether a list shows the projects just created; its message made in a function of its own, so that `see` makes no closure context. */
function judgeUnlisted(ledger: Ledger, x: ExchangeView, ok: boolean, created: readonly Created[], missing: readonly Created[]): void {
  ledger.judge('PROJ-90', x, ok, () => `GET /reports${queryOf(x)} did not list ${missing.length} of the ${created.length} projects just created (${missing.slice(0, 3).map((c) => c.key).join(', ')})`, missing.map((c) => c.x));
}

/** A list without paging parameters: the newest project (PROJ-92) and the others just created (PROJ-90). */
function judgeFullList(ledger: Ledger, x: ExchangeView, created: readonly Created[], missing: readonly Created[]): void {
  const newest = created.at(-1);
  // The newest project alone missing is PROJ-92's; any other missing one makes the list incomplete (PROJ-90).
  const newestAlone = missing.length === 1 && missing[0] === newest;
  const newestListed = newest !== undefined && !missing.includes(newest);
  if (newest && !newest.listed && (newestListed || newestAlone)) {
    newest.listed = true;
    ledger.judge('PROJ-92', x, newestListed, () => `GET /reports after the creation of ${newest.key} did not list it`, [newest.x]);
  }
  if (created.length > 1 || (missing.length > 0 && !newestAlone)) judgeUnlisted(ledger, x, missing.length === 0 || newestAlone, created, missing);
}

/** A list with paging parameters holds no fewer entries than the full list just before it. */
function judgePagedList(ledger: Ledger, x: ExchangeView, entries: number, full: FullList): void {
  ledger.judge('PROJ-90', x, entries >= full.entries, () => `GET /reports${queryOf(x)} listed ${entries} entries, GET /reports just before ${full.entries}`, [full.x]);
}

/**
 * One customer's creations and project lists: a repeated creation is a further project (PROJ-82);
 * the next list shows the newest project (PROJ-92); every list shows all projects just created,
 * and a list with paging parameters holds no fewer entries than the list without them just before
 * (PROJ-90: "all ... in one response (no pagination)"). A list that leaves out only the newest
 * project fails PROJ-92, one that leaves out others is incomplete (PROJ-90). A project may be
 * deleted in the portal unseen, so only what happened within the horizon counts.
 */
export function projectCreationsJudge(): Judge {
  const creations = new BoundedMap<string, Created[]>(2000, SEQUENCE_HORIZON_MS);
  const lastFullList = new BoundedMap<string, FullList>(2000, SEQUENCE_HORIZON_MS);

  function creation(ledger: Ledger, x: ExchangeView, customer: string, created: Created): void {
    const recent = (creations.get(customer) ?? []).filter((c) => Math.abs(c.x.answeredAt - x.answeredAt) <= SEQUENCE_HORIZON_MS);
    if (recent.length > 0) {
      // "They have no idempotency key; a repeated call creates a duplicate project."
      const same = recent.find((c) => c.key === created.key || (created.id !== undefined && c.id === created.id));
      ledger.judge('PROJ-82', x, same === undefined, () => `a further creation answered the project of an earlier one (key ${created.key})`, same ? [same.x] : []);
    }
    creations.set(customer, [...recent.slice(-200), created], x.answeredAt);
  }

  return {
    rules: ['PROJ-82', 'PROJ-90', 'PROJ-92'],
    // Creations and the lists that must show them, all answered 201 or 200.
    reads: { endpoints: [...CREATION_ROWS, LIST_ROW] },
    see(x, ledger) {
      const customer = x.customer;
      if (customer === undefined) return;
      if (isCreation(x) && x.status === 201) {
        const created = createdOf(x);
        if (created) creation(ledger, x, customer, created);
        return;
      }
      if (!isListRead(x) || x.status !== 200 || !x.responseBodyRecorded) return;
      const groups = groupsOf(x.responseJson);
      if (!groups) return;
      let entries = 0;
      for (const group of groups) entries += group.length;
      // Most lists follow no creation of their customer: no arrays are made for them.
      const made = creations.size === 0 ? undefined : creations.get(customer);
      const created = made === undefined ? NONE : createdBefore(made, x);
      const missing = created.length > 0 ? missingFrom(projectListOf(groups), created) : NONE;
      if (x.rawQuery === '') {
        judgeFullList(ledger, x, created, missing);
        lastFullList.set(customer, renewed(lastFullList.get(customer), x, entries), x.answeredAt);
        return;
      }
      // "no pagination": paging parameters are ignored (or refused), never obeyed.
      const full = lastFullList.get(customer);
      if (full && followsClosely(full.x, x)) judgePagedList(ledger, x, entries, full);
      if (created.length > 0) judgeUnlisted(ledger, x, missing.length === 0, created, missing);
    },
  };
}
