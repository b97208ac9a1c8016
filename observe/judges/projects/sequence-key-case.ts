import { PROJECT_KEY_ENDPOINTS, type Endpoint } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { latestAnswer } from '../../judge/recorded-times.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { projectPathOf, type ProjectPath } from './project-path.js';
import { ownProjectsState, readsWithOwnProjects } from './sequence-own-projects.js';

type Reading = 'reached' | 'missing';

const READINGS: Record<Reading, string> = {
  reached: 'reached the project',
  missing: 'was answered as a key that does not exist',
};

/** The member paths of a JSON answer (`details.type`), to compare two 404s by their form. */
function memberPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix === '' ? [] : [prefix];
  return Object.entries(value).flatMap(([name, member]) => memberPaths(member, prefix === '' ? name : `${prefix}.${name}`));
}

/** A 404 to a lowercase key the customer is not known to own; its form is read only when compared. */
interface MissingForm {
  x: ExchangeView;
  paths?: Set<string>;
}

function pathsOf(form: MissingForm): Set<string> {
  form.paths ??= new Set(memberPaths(form.x.responseJson));
  return form.paths;
}

/**
 * PROJ-2: "the route accepts nine letters including uppercase", and whether the lookup ignores
 * case is not said (FREE-PROJ-16): an own key spelt with uppercase letters either reaches the
 * project or is answered exactly as a key that does not exist, on every route alike. So:
 * - uppercase spellings of keys their customers were just shown to own must not both reach a
 *   project and miss one, whichever customers sent them (a 404 of a room route counts as missing
 *   only where the lowercase key just reached that room);
 * - a missing one is a 404 not_found formed like the 404 of the customer's lowercase keys that
 *   name no project of it on the same route;
 * - a request without a body is not refused as malformed (400).
 */
export function keyCaseJudge(context: JudgeContext): Judge {
  const own = context.shared(ownProjectsState);
  /** The latest answer of each reading, of any customer: how the target looks keys up is the target's, not a customer's. */
  const latest: Partial<Record<Reading, ExchangeView>> = {};
  /** Per customer and route, the latest 404s to lowercase keys the customer is not known to own. */
  const missingForms = new BoundedMap<string, MissingForm[]>(5000);
  /** When a path below a lowercase key was answered 2xx to the customer (a room that exists), at the latest (recorded-times.ts), by customer and path. */
  const reachedPaths = new BoundedMap<string, number>(20_000, SEQUENCE_HORIZON_MS);

  /** A 404 of a room route names a missing project only where the same room was just reached by the lowercase key. */
  function projectLevel(x: ExchangeView, at: ProjectPath, customer: string): boolean {
    if (x.params.applicationId !== undefined) return false;
    if (x.params.roomId === undefined) return true;
    const reachedAt = reachedPaths.get(`${customer} /reports/${at.key}${at.rest}`);
    return reachedAt !== undefined && followsClosely({ answeredAt: reachedAt }, x);
  }

  function lowercase(x: ExchangeView, at: ProjectPath, customer: string, route: Endpoint): void {
    if (x.status < 300 && x.params.roomId !== undefined) reachedPaths.set(`${customer} ${x.apiPath}`, latestAnswer(x), x.answeredAt);
    if (x.status === 404 && projectLevel(x, at, customer) && x.responseBodyRecorded && !own.owned(customer, at.key, x)) {
      const forms = missingForms.upsert(`${customer} ${route.id}`, () => []);
      forms.push({ x });
      if (forms.length > 2) forms.shift();
    }
  }

  function otherCase(x: ExchangeView, ledger: Ledger, at: ProjectPath, customer: string, route: Endpoint): void {
    if (x.status === 400 && x.requestBody.kind === 'none' && x.requestBodyKnown) {
      ledger.broke('PROJ-2', x, `${x.method} ${x.apiPath} with an own key in another case was refused as malformed (400)`);
      return;
    }
    if (!(x.status < 300 || (x.status === 404 && projectLevel(x, at, customer)))) return;
    const reading: Reading = x.status < 300 ? 'reached' : 'missing';
    const otherReading: Reading = reading === 'reached' ? 'missing' : 'reached';
    const seen = latest[otherReading];
    const other = seen !== undefined && Math.abs(seen.sentAt - x.sentAt) <= SEQUENCE_HORIZON_MS ? seen : undefined;
    ledger.judge('PROJ-2', x, other === undefined, () => `${x.method} ${x.apiPath} ${READINGS[reading]}, while ${other?.method} ${other?.apiPath} with an own key in another case ${READINGS[otherReading]}: the routes do not look keys up alike`, other ? [other] : []);
    latest[reading] = x;
    if (reading !== 'missing' || !x.responseBodyRecorded) return;
    const type = detailsType(x);
    ledger.judge('PROJ-2', x, type === 'not_found', () => `${x.method} ${x.apiPath} with an own key in another case answered 404 with details.type ${JSON.stringify(type)}, not not_found`);
    const [firstForm, secondForm] = missingForms.get(`${customer} ${route.id}`) ?? [];
    if (!firstForm) return;
    const first = pathsOf(firstForm);
    const second = secondForm && pathsOf(secondForm);
    const noise = second ? new Set([...first, ...second].filter((p) => !(first.has(p) && second.has(p)))) : new Set<string>();
    const paths = new Set(memberPaths(x.responseJson));
    const differing = [...new Set([...paths, ...first])].filter((p) => !noise.has(p) && paths.has(p) !== first.has(p));
    ledger.judge('PROJ-2', x, differing.length === 0, () => `${x.method} ${x.apiPath} with an own key in another case answered a 404 unlike the one for a key that names no project (members ${differing.slice(0, 5).join(', ')})`, [firstForm.x]);
  }

  return {
    rules: ['PROJ-2'],
    // A key's spelling is judged on the rows below a project key; the shared ownership learns from others too.
    reads: readsWithOwnProjects(PROJECT_KEY_ENDPOINTS.map((e) => e.id)),
    see(x, ledger) {
      const customer = x.customer;
      const at = projectPathOf(x);
      const route = x.endpoint;
      if (customer !== undefined && at !== undefined && route !== undefined && answeredOnItsMerits(x) && x.status !== 401 && x.status !== 403) {
        if (at.spelt === at.key) lowercase(x, at, customer, route);
        else if (own.owned(customer, at.spelt, x)) otherCase(x, ledger, at, customer, route);
      }
      own.see(x);
    },
  };
}
