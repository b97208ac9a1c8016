import { house, HOUSE_1970 } from './building-demo.js';
import { DEMO_OPTIONS, DEMO_ROOMS, PROJECTS, type SeedOptions } from './demo.js';

/**
 * The thin data set (`--seed thin`): what an implementer with a handful of test data has, so a
 * run shows which rules such data leave unjudged (they read skip with the reason, never pass).
 * The demo data set (demo.ts) with less of everything:
 *
 * - every customer one token (no second token of a customer);
 * - the primary customer's projects all calculable and in status 2: no project in status 4 or 5,
 *   none with incomplete data (and none is named as such in the profile), no variant;
 * - every building floor heating only: the demo's rooms without their radiators;
 * - exactly one funding application per customer that has some, bound to a project (status
 *   created: no standalone, canceled or archived one);
 * - the demo's 96 pool customers with one token each, the first six with a calculable project and
 *   its one application: the pool spreads the run's load (a run is as short as on the demo data);
 *   `npm run conformance:external -- --seed thin --pool 4` shows a handful of test customers;
 * - no incomplete webhook project and no 1,000-room project.
 *
 * The customers' names are the demo's, so a database holds one of the two data sets only (the
 * seed refuses the other's database); the primary customer's calculable project has a name of its own.
 */
const THIN_PRIMARY_PROJECTS: SeedOptions['projects'] = [
  {
    owner: 'primary',
    purpose: 'portal',
    origin: 'portal',
    status: 2,
    data: house('Einfamilienhaus Mitte mit Fußbodenheizung', '10178', { vorname: 'Anna', name: 'Muster', plz: '10178', ort: 'Berlin' }),
  },
  { owner: 'primary', purpose: 'api', origin: 'api', status: 2, data: house('Über API angelegt, Räume erfasst', '10115') },
  { owner: 'primary', purpose: 'outside', origin: 'portal', status: 2, data: house('Außerhalb München', '80331') },
];

/** The other role customers' projects are the demo's (their buildings lose the radiators too). */
const OTHER_PROJECTS = PROJECTS.filter((spec) => spec.owner !== 'primary');

export const THIN_OPTIONS: SeedOptions = {
  ...DEMO_OPTIONS,
  label: 'thin',
  tokensPerCustomer: 1,
  projects: [...THIN_PRIMARY_PROJECTS, ...OTHER_PROJECTS],
  rooms: {
    portal: HOUSE_1970,
    api: HOUSE_1970,
    outside: HOUSE_1970,
    ...Object.fromEntries(Object.entries(DEMO_ROOMS).filter(([purpose]) => OTHER_PROJECTS.some((spec) => spec.purpose === purpose))),
  },
  radiators: false,
  applicationsPerCustomer: 1,
  expiredDocumentOn: 'portal',
  webhookIncompleteProject: false,
  largeProject: false,
};
