import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { FundingRow } from '../../reference-server/src/store/funding.js';
import { rewriteApplications } from '../../reference-server/seams/applications.js';
import { currentCustomer } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { admitAll } from '../kit/limiters.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { ENVELOPES } from '../../reference-server/seams/project-envelope.js';
import { is, isPassword, isPatchProject, isPdf, isPictures, isResults, isRoomChange, PDF_PATH, resultsKeyOf, ROOM_LIST_PATH } from '../../reference-server/seams/paths.js';
import { rewriteQuery } from '../../reference-server/seams/query-rewrite.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { onRoomData } from '../../reference-server/seams/room-data.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

/**
 * Faults for the rules added for spec statements that had none, and for the rules that were
 * "not verifiable from outside" until the kit found a way (issue 16): each breaks one of them the
 * way a real implementation could, and the checks of that rule must notice.
 */

/** `''` or null for `field` stand for `fallback` (a default), so the "deletion" is accepted. */
function roomFieldFallsBack(field: string, fallback: unknown): RequestHandler {
  return onRoomData((roomData) => {
    if (roomData[field] === '' || roomData[field] === null) roomData[field] = fallback;
  }, isRoomChange);
}

/** Rewrites each group of successful `GET /reports` answers. */
function rewriteListGroups(fn: (entries: unknown[], req: Request) => unknown[]): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!is('GET', /^\/reports$/)(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
    const out: Json = { ...body };
    for (const group of ['projekte', 'leads', 'api', 'archiv']) if (Array.isArray(out[group])) out[group] = fn(out[group] as unknown[], req);
    return out;
  });
}

/** The funding repository with every row it hands out changed by `fn`. */
function fundingRows(deps: AppDeps, fn: (row: FundingRow) => FundingRow): AppDeps {
  return wrapRepository(deps, 'funding', (funding) => ({
    pageOfCustomer: (...args: Parameters<typeof funding.pageOfCustomer>) => {
      const page = funding.pageOfCustomer(...args);
      return { ...page, rows: page.rows.map(fn) };
    },
    pageOfProject: (...args: Parameters<typeof funding.pageOfProject>) => {
      const page = funding.pageOfProject(...args);
      return { ...page, rows: page.rows.map(fn) };
    },
    findOwned: (...args: Parameters<typeof funding.findOwned>) => {
      const row = funding.findOwned(...args);
      return row && fn(row);
    },
  }));
}

/** Serves pictures under the API prefix (intercepts run before authentication), cacheable by anyone. */
function publicPictureFiles(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const picture = /^\/cached-files\/pictures\/([^/]+)$/.exec(req.path);
    const found = req.method === 'GET' && picture ? deps.store.pictures.withBytes(picture[1] as string) : undefined;
    if (!found) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(found.contentType).send(found.bytes);
  };
}

const DAY_MS = 86_400_000;

export const newRuleFaults: Fault[] = [
  // ---------------------------------------------------------------------------------------------
  // meta, auth
  // ---------------------------------------------------------------------------------------------
  {
    id: 'links-over-plain-http',
    description: 'the site URL is configured as plain http on a public host: project and document links are handed out over http',
    rules: ['META-13'],
    configure: (deps) => ({ ...deps, siteUrl: 'http://portal.cpf-fault.example' }),
  },
  {
    id: 'token-echoed-in-header',
    description: 'every API answer echoes the Authorization header of the request in X-Debug-Authorization',
    rules: ['AUTH-12'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (req.headers.authorization !== undefined) res.setHeader('X-Debug-Authorization', req.headers.authorization);
        next();
      }),
  },
  {
    id: 'token-in-document-link',
    description: "document links of the PDF response carry the caller's token in their query (token=...)",
    rules: ['AUTH-12'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.file)) return body;
          const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
          const withToken = (link: unknown) => `${String(link)}&token=${token}`;
          return { ...body, linkToDocument: withToken(body.linkToDocument), file: { ...body.file, url: withToken(body.file.url) } };
        }),
      ),
  },
  // ---------------------------------------------------------------------------------------------
  // projects
  // ---------------------------------------------------------------------------------------------
  {
    id: 'reports-paginated-by-query',
    description: 'GET /reports honours ?page and ?limit: each group holds only the requested page',
    rules: ['PROJ-90'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteListGroups((entries, req) => {
          const limit = Number(req.query.limit ?? req.query.per_page);
          const page = Number(req.query.page ?? 1);
          if (!Number.isInteger(limit) || limit < 1) return Number.isInteger(page) && page > 1 ? [] : entries;
          const start = ((Number.isInteger(page) && page > 0 ? page : 1) - 1) * limit;
          return entries.slice(start, start + limit);
        }),
      ),
  },
  {
    id: 'reports-page-size-2',
    description: 'GET /reports lists at most the first two projects of each group (a default page size)',
    rules: ['PROJ-90'],
    configure: (deps) => intercept(deps, rewriteListGroups((entries) => entries.slice(0, 2))),
  },
  {
    id: 'reports-lists-variants',
    description: 'GET /reports lists project variants beside the main projects',
    rules: ['PROJ-121'],
    configure: (deps) => wrapRepository(deps, 'projects', (projects) => ({ listByCustomer: projects.listAllByCustomer })),
  },
  {
    id: 'email-null-ignored',
    description: 'a PATCH sending email: null ignores the field (the stored address stays; alone it leaves no field: 422)',
    rules: ['PROJ-120'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        const body: unknown = req.body;
        if (isPatchProject(req) && isPlainObject(body)) {
          for (const envelope of ENVELOPES) {
            const data = body[envelope];
            if (isPlainObject(data) && data.email === null) delete data.email;
          }
        }
        next();
      }),
  },
  {
    id: 'expired-license-no-password',
    description: 'PUT .../password needs an active license: the unlocked customer with an expired license gets 403',
    rules: ['PROJ-122'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isPassword(req) && currentCustomer(res).license === 'expired') throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
        next();
      }),
  },
  // ---------------------------------------------------------------------------------------------
  // rooms, status
  // ---------------------------------------------------------------------------------------------
  {
    id: 'room-floor-empty-resets',
    description: "raumEtage '' or null on PATCH resets the floor to its creation default 1 (200) instead of 422",
    rules: ['ROOM-57'],
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumEtage', 1)),
  },
  {
    id: 'room-temperature-empty-resets',
    description: "raumTemperatur '' or null on PATCH resets the temperature to its creation default 20 (200) instead of 422",
    rules: ['ROOM-58'],
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumTemperatur', 20)),
  },
  {
    id: 'room-name-empty-falls-back',
    description: "raumBezeichnung '' or null on PATCH stores the name \"Raum\" (200) instead of 422",
    rules: ['ROOM-59'],
    configure: (deps) => interceptParsed(deps, roomFieldFallsBack('raumBezeichnung', 'Raum')),
  },
  {
    id: 'rooms-get-default-components',
    description: 'rooms without components get an outside wall of 10 m2 (U 1.0) each, so base data alone becomes calculable',
    rules: ['ROOM-55'],
    configure: (deps) => {
      const { store } = deps;
      const building = store.building;
      return {
        ...deps,
        store: {
          ...store,
          building: {
            ...building,
            ofProject(projectId: number) {
              const data = building.ofProject(projectId);
              const rooms = store.rooms.listByProject(projectId);
              const bare = rooms.filter((room) => !data.components.some((c) => c.room_id === room.id));
              const walls = bare.map((room) => ({ room_id: room.id, kind: 'wall' as const, area: 10, u_value: 1, adjacency: 'outside' as const, adjacent_temperature: null }));
              return { ...data, components: [...data.components, ...walls] };
            },
          },
        },
      };
    },
  },
  {
    id: 'refused-room-moves-status',
    description: 'POST .../rooms moves a project in status 1 to 2 before the room data is validated, so a refused creation moves it too',
    rules: ['STAT-13'],
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const key = is('POST', ROOM_LIST_PATH)(req) ? ROOM_LIST_PATH.exec(req.path)?.[1] : undefined;
        const project = key === undefined ? undefined : deps.store.projects.findByKey(key.toLowerCase());
        if (project?.status === 1) deps.store.projects.setStatusAndActivity(project.id, 2, new Date());
        next();
      }),
  },
  // ---------------------------------------------------------------------------------------------
  // funding
  // ---------------------------------------------------------------------------------------------
  {
    id: 'funding-keeps-deleted-project-key',
    description: 'project-bound applications whose project is no longer available show the deleted project\'s key and id',
    rules: ['FUND-46'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => (a.applicationType === 'project_bound' && a.projectKey === null ? { ...a, projectKey: 'geloescht', projectId: 4711 } : a)),
      ),
  },
  {
    id: 'advisor-name-stored-first',
    description: 'advisor.name prefers the stored advisor name over the full name',
    rules: ['FUND-47'],
    configure: (deps) => fundingRows(deps, (row) => ({ ...row, advisor_full_name: row.advisor_stored_name, advisor_stored_name: row.advisor_full_name })),
  },
  {
    id: 'advisor-name-without-fallback',
    description: 'advisor.name is the full name only: without one it is null even when a stored advisor name exists',
    rules: ['FUND-47'],
    configure: (deps) => fundingRows(deps, (row) => ({ ...row, advisor_stored_name: null })),
  },
  // ---------------------------------------------------------------------------------------------
  // results
  // ---------------------------------------------------------------------------------------------
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
  // ---------------------------------------------------------------------------------------------
  // documents
  // ---------------------------------------------------------------------------------------------
  {
    id: 'pdf-reuses-first-answer',
    description: 'GET .../pdf answers later calls of a project and type with the first call\'s document and links (no new document)',
    rules: ['DOC-10'],
    configure: (deps) => {
      const first = new Map<string, unknown>();
      return intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPdf(req) || res.statusCode >= 400) return body;
          const id = `${(PDF_PATH.exec(req.path)?.[1] ?? '').toLowerCase()} ${typeof req.query.type === 'string' ? req.query.type : 'service'}`;
          if (!first.has(id)) first.set(id, body);
          return first.get(id);
        }),
      );
    },
  },
  {
    id: 'link-expiry-two-days-late',
    description: 'signed links are checked against a clock two days slow: links expired up to two days ago still serve',
    rules: ['DOC-24', 'DOC-25'],
    configure: (deps) => {
      const clock = deps.clock ?? systemClock;
      return { ...deps, clock: { ...clock, now: () => new Date(clock.now().getTime() - 2 * DAY_MS) } };
    },
  },
  {
    id: 'pictures-publicly-cacheable',
    description: 'picture links go to a file route that answers Cache-Control: public, max-age=86400',
    rules: ['DOC-26'],
    configure: (deps) =>
      intercept(
        deps,
        publicPictureFiles(deps),
        rewriteJson((body, req, res) => {
          if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body) || !Array.isArray(body.pictures)) return body;
          return { ...body, pictures: (body.pictures as Json[]).map((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, '/api/v2/cached-files/pictures/') })) };
        }),
      ),
  },
  {
    id: 'expired-license-no-pictures',
    description: 'the picture list needs an active license: the unlocked customer with an expired license gets 403',
    rules: ['DOC-27'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isPictures(req) && currentCustomer(res).license === 'expired') throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
        next();
      }),
  },
  // ---------------------------------------------------------------------------------------------
  // rate-limit
  // ---------------------------------------------------------------------------------------------
  {
    id: 'limit-raised-by-header',
    description: 'a request carrying X-RateLimit-Limit: N is limited to N per sliding second instead of 2',
    rules: ['RATE-15'],
    configure: (deps) => {
      const windows = new Map<number, number[]>();
      // Every protected request is judged here (after authentication), the customer limiter admits all.
      const raisable: RequestHandler = (req, res, next) => {
        const asked = Number(req.headers['x-ratelimit-limit']);
        const limit = Number.isInteger(asked) && asked > 2 ? asked : 2;
        const id = currentCustomer(res).id;
        const now = performance.now();
        const admitted = (windows.get(id) ?? []).filter((at) => now - at < 1000);
        if (admitted.length >= limit) throw errors.rateLimited();
        windows.set(id, [...admitted, now]);
        next();
      };
      return interceptParsed({ ...deps, limiter: admitAll }, raisable);
    },
  },
];
