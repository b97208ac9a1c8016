import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { OwnProjects, spelling } from './sequence-own-projects.js';

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
export function keyCaseJudge(): Judge {
  const own = new OwnProjects();
  /** The latest answer of each reading, of any customer: how the target looks keys up is the target's, not a customer's. */
  const latest: Partial<Record<Reading, ExchangeView>> = {};
  /** Per customer and route, the member paths of 404s to lowercase keys the customer is not known to own. */
  const missingForms = new BoundedMap<string, { paths: Set<string>; x: ExchangeView }[]>(5000);
  /** Paths below a lowercase key the customer was answered 2xx on (a room that exists), by customer and path. */
  const reachedPaths = new BoundedMap<string, ExchangeView>(20_000);

  return {
    rules: ['PROJ-2'],
    see(x, ledger) {
      const customer = x.customer;
      const key = spelling(x);
      const route = x.endpoint;
      if (customer !== undefined && key !== undefined && route !== undefined && answeredOnItsMerits(x) && x.status !== 401 && x.status !== 403) {
        const lowerPath = x.apiPath?.replace(`/reports/${key}`, `/reports/${key.toLowerCase()}`);
        // A 404 of a room route names a missing project only where the same room was just reached by the lowercase key.
        const roomSeen = reachedPaths.get(`${customer} ${lowerPath}`);
        const projectLevel = x.params.applicationId === undefined && (x.params.roomId === undefined || (roomSeen !== undefined && followsClosely(roomSeen, x)));
        const formsKey = `${customer} ${route.id}`;
        if (key === key.toLowerCase()) {
          if (x.status < 300 && x.params.roomId !== undefined) reachedPaths.set(`${customer} ${x.apiPath}`, x);
          if (x.status === 404 && projectLevel && x.responseBodyRecorded && !own.owned(customer, key, x)) {
            const forms = missingForms.upsert(formsKey, () => []);
            forms.push({ paths: new Set(memberPaths(x.responseJson)), x });
            if (forms.length > 2) forms.shift();
          }
        } else if (own.owned(customer, key, x)) {
          if (x.status === 400 && x.requestBody.kind === 'none' && x.requestBodyKnown) {
            ledger.broke('PROJ-2', x, `${x.method} ${x.apiPath} with an own key in another case was refused as malformed (400)`);
          } else if (x.status < 300 || (x.status === 404 && projectLevel)) {
            const reading: Reading = x.status < 300 ? 'reached' : 'missing';
            const otherReading: Reading = reading === 'reached' ? 'missing' : 'reached';
            const seen = latest[otherReading];
            const other = seen !== undefined && Math.abs(seen.sentAt - x.sentAt) <= SEQUENCE_HORIZON_MS ? seen : undefined;
            ledger.judge('PROJ-2', x, other === undefined, () => `${x.method} ${x.apiPath} ${READINGS[reading]}, while ${other?.method} ${other?.apiPath} with an own key in another case ${READINGS[otherReading]}: the routes do not look keys up alike`, other ? [other] : []);
            latest[reading] = x;
            if (reading === 'missing' && x.responseBodyRecorded) {
              const type = detailsType(x);
              ledger.judge('PROJ-2', x, type === 'not_found', () => `${x.method} ${x.apiPath} with an own key in another case answered 404 with details.type ${JSON.stringify(type)}, not not_found`);
              const forms = missingForms.get(formsKey) ?? [];
              const [first, second] = forms;
              if (first) {
                const noise = second ? new Set([...first.paths, ...second.paths].filter((p) => !(first.paths.has(p) && second.paths.has(p)))) : new Set<string>();
                const paths = new Set(memberPaths(x.responseJson));
                const differing = [...new Set([...paths, ...first.paths])].filter((p) => !noise.has(p) && paths.has(p) !== first.paths.has(p));
                ledger.judge('PROJ-2', x, differing.length === 0, () => `${x.method} ${x.apiPath} with an own key in another case answered a 404 unlike the one for a key that names no project (members ${differing.slice(0, 5).join(', ')})`, [first.x]);
              }
            }
          }
        }
      }
      own.see(x);
    },
  };
}
