import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { round } from '../../reference-server/src/calc/rounding.js';
import type { FloorHeatingBalance, FloorHeatingGroup } from '../../reference-server/src/calc/types.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import { currentCustomer, swapCustomerOn } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isResults, resultsKeyOf, sentQueryOf } from '../../reference-server/seams/paths.js';
import { rewriteQuery, rewriteSystemTemperatures } from '../../reference-server/seams/query-rewrite.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import { bodyFault, statusFault } from '../kit/one-rule-faults.js';
import type { Fault } from '../fault.js';

/**
 * Faults of GET /reports/{projectKey}/results (spec "Results response", endpoint rule 8). Each breaks
 * one rule the way an implementation could get it wrong: rewritten answers (kept consistent
 * elsewhere, so only the broken rule shows), rewritten query strings before routing, a customer seen
 * with other license data after authentication, or a side effect in the store.
 */

// -------------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------------

interface ResultsBody {
  status: number;
  action: string;
  project: { key: string };
  results: Record<string, unknown> & { status: string; floorHeatingBalance: FloorHeatingBalance };
  projekt: Record<string, unknown>;
}

const isResultsBody = (body: unknown): body is ResultsBody =>
  typeof body === 'object' && body !== null && 'results' in body && 'projekt' in body && typeof (body as ResultsBody).results === 'object';

/** Rewrites successful results answers (a deep copy, so the engine's objects stay untouched). */
function rewriteResults(fn: (body: ResultsBody, req: Request) => ResultsBody): RequestHandler {
  return rewriteJson((body, req, res) => (isResults(req) && res.statusCode < 400 && isResultsBody(body) ? fn(structuredClone(body), req) : body));
}

/** Rewrites error answers of the results endpoint. */
function rewriteResultsError(fn: (body: Record<string, unknown>, req: Request, res: Response) => unknown): RequestHandler {
  return rewriteJson((body, req, res) => (isResults(req) && res.statusCode >= 400 && isPlainObject(body) ? fn(structuredClone(body), req, res) : body));
}

const groupsOf = (body: ResultsBody) => body.results.floorHeatingBalance.groups;

/** A group recomputed at `spread` with heat capacity `c` (Wh/kgK), as an implementation would publish it. */
function regroup(group: FloorHeatingGroup, spread: number, c = 1.163): FloorHeatingGroup {
  const rooms = group.rooms.map((r) => {
    const exact = r.heatingLoad / (c * spread);
    const lpm = round(exact / 60, 2);
    return { ...r, spread, flowRate: round(exact, 1), flowLpm: lpm, setting: { ...r.setting, value: lpm } };
  });
  return { ...group, spread, rooms, flowRateSum: round(rooms.reduce((s, r) => s + r.flowRate, 0), 1) };
}

/** projekt.abgleichFBH regenerated from the (rewritten) groups, so both structures stay in step. */
function syncAbgleich(body: ResultsBody): ResultsBody {
  body.projekt['abgleichFBH'] = groupsOf(body).map((g) => ({
    spreizung: g.spread,
    summeVolumenstrom: g.flowRateSum,
    raeume: g.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value })),
  }));
  return body;
}

/** The flow temperature and spread a request names (current name first), as numbers. */
function requested(params: URLSearchParams): { flow?: [string, number]; spread?: [string, number] } {
  const pick = (current: string, alias: string): [string, number] | undefined => {
    const name = params.has(current) ? current : params.has(alias) ? alias : undefined;
    const value = name === undefined ? Number.NaN : Number(params.get(name));
    return name !== undefined && Number.isFinite(value) ? [name, value] : undefined;
  };
  const flow = pick('flowTemperature', 'vorlaufT');
  const spread = pick('spread', 'spreizung');
  return { ...(flow ? { flow } : {}), ...(spread ? { spread } : {}) };
}

/** A fault on the floor heating results of a results response, when it has them (errors left alone). */
function resultsFault(id: string, rule: string, description: string, fn: (body: { results: Json; projekt: Json }) => void): Fault {
  return bodyFault(id, rule, description, isResults, (body) => {
    if (isPlainObject(body.results) && isPlainObject(body.projekt)) fn(body as { results: Json; projekt: Json });
    return body;
  });
}

const groupsOfResults = (results: Json): Json[] => (isPlainObject(results.floorHeatingBalance) && Array.isArray(results.floorHeatingBalance.groups) ? (results.floorHeatingBalance.groups as Json[]) : []);
const abgleichOf = (projekt: Json): Json[] => (Array.isArray(projekt.abgleichFBH) ? (projekt.abgleichFBH as Json[]) : []);

// -------------------------------------------------------------------------------------------------
// The faults
// -------------------------------------------------------------------------------------------------

export const resultsFaults: Fault[] = [
  // ---- envelope and types ----------------------------------------------------------------------
  {
    id: 'results-action-results',
    description: 'the results response carries action "results" instead of "getResults"',
    rules: ['RES-2'],
    configure: (deps) => intercept(deps, rewriteResults((body) => ({ ...body, action: 'results' }))),
  },
  {
    id: 'results-project-key-reversed',
    description: 'project.key is not the requested key (its letters reversed)',
    rules: ['RES-3'],
    configure: (deps) => intercept(deps, rewriteResults((body) => ({ ...body, project: { key: [...body.project.key].reverse().join('') } }))),
  },
  {
    id: 'results-without-heatpump',
    description: 'results lacks the heatpump member',
    rules: ['RES-4'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          delete body.results['heatpump'];
          return body;
        }),
      ),
  },
  {
    id: 'results-status-ok',
    description: 'results.status is "ok" instead of "calculated" although available is true',
    rules: ['RES-5'],
    configure: (deps) => intercept(deps, rewriteResults((body) => ({ ...body, results: { ...body.results, status: 'ok' } }))),
  },
  {
    id: 'results-without-abgleich',
    description: 'projekt.abgleichFBH is dropped (only results.floorHeatingBalance remains)',
    rules: ['RES-33'],
    configure: (deps) => intercept(deps, rewriteResults((body) => ({ ...body, projekt: {} }))),
  },
  statusFault('cov-results-answers-203', 'RES-1', 'results of a calculable project answer HTTP 203 instead of 200', isResults, 200, 203),
  resultsFault('cov-abgleich-renamed-member', 'RES-13', '`projekt.abgleichFBH[]` calls `summeVolumenstrom` `volumenstrom`', ({ projekt }) => {
    for (const entry of abgleichOf(projekt)) {
      entry.volumenstrom = entry.summeVolumenstrom;
      delete entry.summeVolumenstrom;
    }
  }),

  // ---- floor heating groups and circuits --------------------------------------------------------
  {
    id: 'results-groups-10-7-4',
    description: 'the floor heating groups are computed for 10, 7 and 4 K instead of 10, 7 and 5 K (abgleichFBH alike)',
    rules: ['RES-7'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          body.results.floorHeatingBalance.groups = groupsOf(body).map((g) => (g.spread === 5 ? regroup(g, 4) : g));
          return syncAbgleich(body);
        }),
      ),
  },
  resultsFault('cov-results-group-without-unit', 'RES-8', 'floor heating groups have no `flowRateUnit`', ({ results }) => {
    for (const group of groupsOfResults(results)) delete group.flowRateUnit;
  }),
  {
    id: 'results-flowratesum-drops-last-circuit',
    description: "a group's flowRateSum leaves out its last circuit (abgleichFBH alike)",
    rules: ['RES-9'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          for (const g of groupsOf(body)) g.flowRateSum = round(g.rooms.slice(0, -1).reduce((s, r) => s + r.flowRate, 0), 1);
          return syncAbgleich(body);
        }),
      ),
  },
  {
    id: 'results-setting-unit-lh',
    description: 'setting.unit of the circuits is "l/h" instead of "l/min"',
    rules: ['RES-10'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          // The wrong unit is the fault: outside the engine's type on purpose.
          for (const g of groupsOf(body)) for (const r of g.rooms) (r.setting as { unit: string }).unit = 'l/h';
          return body;
        }),
      ),
  },
  {
    id: 'results-flowrate-heat-capacity-1',
    description: 'circuit flow rates use c = 1.0 instead of 1.163 Wh/kgK (flowLpm, settings, sums and abgleichFBH consistent with them)',
    rules: ['RES-10'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          body.results.floorHeatingBalance.groups = groupsOf(body).map((g) => regroup(g, g.spread, 1.0));
          return syncAbgleich(body);
        }),
      ),
  },
  {
    id: 'results-circuit-spread-10',
    description: 'every circuit reports spread 10 K, whatever the spread of its group',
    rules: ['RES-11'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          for (const g of groupsOf(body)) for (const r of g.rooms) r.spread = 10;
          return body;
        }),
      ),
  },
  {
    id: 'results-flowlpm-per-100',
    description: 'flowLpm (and the setting value, and durchfluss) is flowRate / 100 instead of / 60',
    rules: ['RES-12'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          for (const g of groupsOf(body)) {
            for (const r of g.rooms) {
              r.flowLpm = round(r.flowRate / 100, 2);
              r.setting.value = r.flowLpm;
            }
          }
          return syncAbgleich(body);
        }),
      ),
  },
  {
    id: 'results-abgleich-reversed-groups',
    description: 'projekt.abgleichFBH labels its entries 10, 7, 5 but takes the values of the groups in the opposite order',
    rules: ['RES-14', 'RES-16'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          const groups = groupsOf(body);
          body.projekt['abgleichFBH'] = groups.map((g, i) => {
            const source = groups[groups.length - 1 - i] as FloorHeatingGroup;
            return {
              spreizung: g.spread,
              summeVolumenstrom: source.flowRateSum,
              raeume: source.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value })),
            };
          });
          return body;
        }),
      ),
  },
  resultsFault('cov-abgleich-heizlast-rounded-up', 'RES-15', '`projekt.abgleichFBH[].raeume[].heizlast` is rounded up to the next 10 W (no longer the circuit load)', ({ projekt }) => {
    for (const entry of abgleichOf(projekt)) {
      for (const room of Array.isArray(entry.raeume) ? (entry.raeume as Json[]) : []) {
        if (typeof room.heizlast === 'number') room.heizlast = Math.ceil((room.heizlast + 1) / 10) * 10;
      }
    }
  }),
  {
    id: 'results-floor-groups-follow-spread',
    description: 'with a requested spread, the 10 K floor heating group is computed at that spread instead',
    rules: ['RES-26'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body, req) => {
          const spread = requested(sentQueryOf(req)).spread?.[1];
          if (spread === undefined || spread === 10) return body;
          body.results.floorHeatingBalance.groups = groupsOf(body).map((g) => (g.spread === 10 ? regroup(g, spread) : g));
          return syncAbgleich(body);
        }),
      ),
  },

  // ---- availability ------------------------------------------------------------------------------
  {
    id: 'results-incomplete-200-unavailable',
    description: 'a project with incomplete data answers 200 with results.available false instead of 422 calculation_unavailable',
    rules: ['RES-17'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteResultsError((body, req, res) => {
          if ((body['details'] as { type?: string } | undefined)?.type !== 'calculation_unavailable') return body;
          res.status(200);
          const key = resultsKeyOf(req) ?? '';
          return {
            status: 200,
            action: 'getResults',
            project: { key },
            results: {
              available: false,
              status: 'unavailable',
              source: 'reference-engine',
              summary: {},
              roomHeatLoads: [],
              radiators: [],
              hydraulicBalance: {},
              floorHeatingBalance: { groups: [] },
              heatpump: {},
              exchange: {},
            },
            projekt: { abgleichFBH: [] },
          };
        }),
      ),
  },
  {
    id: 'results-unavailable-without-calculation-status',
    description: '422 calculation_unavailable lacks details.calculationStatus',
    rules: ['RES-17'],
    passive: { alsoBreaks: { 'ERR-21': "the 422 calculation_unavailable lacks details.calculationStatus `unavailable`, which ERR-21's row of the error table requires as much as RES-17 does" } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteResultsError((body) => {
          const details = body['details'] as Record<string, unknown> | undefined;
          if (details?.['type'] === 'calculation_unavailable') delete details['calculationStatus'];
          return body;
        }),
      ),
  },

  // ---- parameters --------------------------------------------------------------------------------
  {
    id: 'results-flow-25-refused',
    description: 'flowTemperature 25 is refused (the range is taken as 25 exclusive)',
    rules: ['RES-18'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          for (const name of ['flowTemperature', 'vorlaufT']) if (params.get(name) === '25') params.set(name, '24');
        }),
      ),
  },
  {
    id: 'results-flow-up-to-96',
    description: 'flow temperatures above 95 up to 96 are accepted (clamped to 95) instead of 422',
    rules: ['RES-19', 'RES-21'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          for (const name of ['flowTemperature', 'vorlaufT']) {
            const value = Number(params.get(name));
            if (params.has(name) && value > 95 && value <= 96) params.set(name, '95');
          }
        }),
      ),
  },
  {
    id: 'results-spread-equal-to-flow-accepted',
    description: 'a spread equal to the flow temperature is accepted (taken as flow - 1) instead of 422',
    rules: ['RES-20'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          const { flow, spread } = requested(params);
          if (flow && spread && spread[1] === flow[1]) params.set(spread[0], String(flow[1] - 1));
        }),
      ),
  },
  {
    id: 'results-vorlaufT-ignored',
    description: 'the alias vorlaufT is not read (dropped from the query)',
    rules: ['RES-21'],
    configure: (deps) => intercept(deps, rewriteQuery(isResults, (params) => params.delete('vorlaufT'))),
  },
  {
    id: 'results-spreizung-ignored',
    description: 'the alias spreizung is not read (dropped from the query)',
    rules: ['RES-22'],
    configure: (deps) => intercept(deps, rewriteQuery(isResults, (params) => params.delete('spreizung'))),
  },
  {
    // A fuzzer once found this; it is put back on purpose so the checks written for it prove they
    // notice. Refusing exponent forms (422) is a reading the spec permits (variation
    // plain-query-numbers); reading them as another number than they denote is not.
    id: 'results-exponent-as-mantissa',
    description: 'system temperatures in exponent notation are read as their mantissa (0.7e1 as 0.7): accepted, but not as the number they denote',
    rules: ['RES-21', 'RES-22'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteSystemTemperatures(isResults, (value) => value.split(/e/i)[0] ?? value),
      ),
  },
  {
    id: 'results-alias-wins',
    description: 'when a parameter comes under both names, the alias (vorlaufT, spreizung) wins over the current name',
    rules: ['RES-23'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          if (params.has('vorlaufT')) params.delete('flowTemperature');
          if (params.has('spreizung')) params.delete('spread');
        }),
      ),
  },
  {
    id: 'results-parameters-stored',
    description: 'a results call with a flow temperature stores it in the project (projektData.bemerkungen)',
    rules: ['RES-24'],
    configure: (deps: AppDeps) =>
      interceptParsed(deps, (req, res, next) => {
        const flow = requested(sentQueryOf(req)).flow?.[1];
        const key = resultsKeyOf(req)?.toLowerCase();
        if (isResults(req) && flow !== undefined && key !== undefined) {
          const project = deps.store.projects.findOwned(key, currentCustomer(res).id);
          if (project) deps.store.projects.updateData(project.id, { ...project.data, bemerkungen: `Vorlauftemperatur ${flow} °C` }, new Date());
        }
        next();
      }),
  },
  {
    id: 'results-ignore-system-temperatures',
    description: 'GET .../results drops flowTemperature, spread and their aliases: radiators and hydraulic balance always use the defaults',
    rules: ['RES-25'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteQuery(isResults, (params) => {
          for (const name of ['flowTemperature', 'spread', 'vorlaufT', 'spreizung']) params.delete(name);
        }),
      ),
  },
  {
    id: 'results-creates-room',
    description: 'GET .../results with system temperatures adds a room "Heizraum" to the project after answering',
    rules: ['RES-28'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        const key = isResults(req) && Object.keys(req.query).length > 0 ? resultsKeyOf(req) : undefined;
        const project = key === undefined ? undefined : deps.store.projects.findByKey(key.toLowerCase());
        if (project) {
          res.on('finish', () => {
            if (res.statusCode !== 200) return;
            const data = { raumBezeichnung: 'Heizraum', raumEtage: '0', raumFlaeche: '', raumHoehe: '2.5', raumTemperatur: '20', raumNotiz: '' };
            deps.store.rooms.insert({ publicId: `r${randomBytes(8).toString('hex')}`, projectId: project.id, data, baujahr: project.data['projektBaujahr'] ?? '', at: new Date() });
          });
        }
        next();
      }),
  },

  // ---- access -------------------------------------------------------------------------------------
  {
    id: 'results-outside-radius-allowed',
    description: 'the license radius is not checked: a project outside it gets its results',
    rules: ['RES-29'],
    configure: (deps) => interceptParsed(deps, swapCustomerOn(isResults, (c) => ({ ...c, licenseRegions: '*' }))),
  },
  // The checks ask for a calculable own project of the customer without license, where every order
  // of the checks answers 403: a target that skips the license check computes there.
  {
    id: 'results-locked-calculates',
    description: 'a locked customer without license passes the license check of results (its own calculable project is computed)',
    rules: ['RES-30'],
    configure: (deps) => interceptParsed(deps, swapCustomerOn(isResults, (c) => (c.license === 'expired' && !c.unlocked ? { ...c, license: 'annual', unlocked: true } : c))),
  },
  {
    id: 'results-locked-401',
    description: 'a locked customer without license gets 401 authentication (as if blocked) instead of 403 authorization',
    rules: ['RES-30'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isResults(req) && c.license === 'expired' && !c.unlocked ? errors.unauthenticated() : undefined);
      }),
  },
  {
    id: 'results-expired-license-calculates',
    description: 'an unlocked customer whose license has expired passes the license check of results',
    rules: ['RES-31'],
    configure: (deps) => interceptParsed(deps, swapCustomerOn(isResults, (c) => (c.license === 'expired' && c.unlocked ? { ...c, license: 'annual' } : c))),
  },
  {
    id: 'results-expired-license-404',
    description: 'an unlocked customer whose license has expired gets 404 not_found for the results of an own project instead of 403 authorization',
    rules: ['RES-31'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isResults(req) && c.license === 'expired' && c.unlocked ? errors.notFound() : undefined);
      }),
  },
  {
    id: 'results-foreign-403',
    description: 'results of a foreign or missing project answer 403 instead of 404',
    rules: ['RES-32'],
    passive: {
      alsoBreaks: {
        'ERR-2': 'only the HTTP status is rewritten: the 403 carries the envelope of the 404, status 404',
        'ERR-10': "the 403 keeps the 404's details.type not_found, where the error table's 403 row (ERR-10) says authorization",
      },
    },
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isResults(req) && status === 404 ? 403 : status))),
  },
];
