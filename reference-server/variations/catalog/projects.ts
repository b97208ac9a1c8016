import type { Request } from 'express';
import type { AppDeps } from '../../src/app.js';
import { parsePasswordBody, parseProjectWrite } from '../../src/domain/project-fields.js';
import { generateProjectKey } from '../../src/domain/project-key.js';
import { intercept, interceptParsed } from '../../seams/intercept.js';
import { isPlainObject, type Json } from '../../seams/json-shapes.js';
import { isCreateEmpty, isPassword, isPatchProject, isProjectDetail, isWithData, projectKeyOf } from '../../seams/paths.js';
import { rewriteProjektData } from '../../seams/project-envelope.js';
import { rewriteJsonOf } from '../../seams/response-rewrite.js';
import { variations } from '../variation.js';

const GROUPS = ['projekte', 'leads', 'api', 'archiv'] as const;

const isProjectList = (req: Request) => req.method === 'GET' && req.path === '/reports';
const isCreation = (req: Request) => isCreateEmpty(req) || isWithData(req);
/** The answers that carry a project header and data. */
const isProjectAnswer = (req: Request) => isCreation(req) || isProjectDetail(req) || isPatchProject(req);

const CODE_FIELDS = ['projektArtHeizung', 'projektAlterHeizung', 'projektTrinkwasser', 'projektWaermeerzeugerSolarArt', 'projektWaermeerzeugerHolzArt'];
const INTEGER_FIELDS = ['projektBewohner', 'projektBaujahr'];
const DECIMAL_FIELDS = ['projektJahresverbrauch', 'projektKollektorflaecheSolar', 'projektJahresverbrauchHolz'];
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/** Rewrites the JSON object answers of the requests `applies` picks when they succeeded. */
function rewriteSuccess(applies: (req: Request) => boolean, fn: (body: Json, req: Request) => Json) {
  return rewriteJsonOf(applies, (body, req, res) => (res.statusCode < 400 && isPlainObject(body) ? fn(body, req) : body));
}

/** A project's origin group as the list shows it, or undefined when the entry names no key this server knows. */
function originOf(deps: AppDeps, entry: unknown): 'projekte' | 'leads' | 'api' | undefined {
  const key = isPlainObject(entry) && typeof entry.key === 'string' ? entry.key.toLowerCase() : undefined;
  const origin = key === undefined ? undefined : deps.store.projects.findByKey(key)?.origin;
  return origin === 'lead' ? 'leads' : origin === 'api' ? 'api' : origin === undefined ? undefined : 'projekte';
}

/** Every string of a JSON value, rewritten by `fn`. */
function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, mapStrings(member, fn)]));
  return value;
}

/** A key no project has: what a case-sensitive lookup finds for a key spelt with uppercase letters, since keys are stored lowercase. */
function keyOfNoProject(deps: AppDeps): string {
  let key = generateProjectKey();
  while (deps.store.projects.keyExists(key)) key = generateProjectKey();
  return key;
}

/** Readings of the projects area's freedoms (spec/freedoms/projects.ts) that the reference server can take. */
export const projectsVariations = variations([
  {
    id: 'projects-open-responses',
    freedoms: ['FREE-PROJ-1', 'FREE-PROJ-2', 'FREE-PROJ-3', 'FREE-PROJ-4', 'FREE-PROJ-10', 'FREE-PROJ-13'],
    description:
      'creation, detail and list answers carry further members (links, times, a count, a derived label in projektData, a creation time in projektHeader), and the list, detail, PATCH and password answers other `action` values',
    configure: (deps) =>
      intercept(
        deps,
        rewriteSuccess(isProjectAnswer, (body, req) => {
          const out: Json = { ...body, links: { self: req.path }, verarbeitetAm: new Date().toISOString() };
          if (isPlainObject(body.projektHeader)) out.projektHeader = { ...body.projektHeader, angelegtAm: '2025-01-06T09:30:00+00:00' };
          if (isPlainObject(body.projektData)) out.projektData = { ...body.projektData, projektStatusBezeichnung: 'in Bearbeitung' };
          if (!isCreation(req)) out.action = isProjectDetail(req) ? 'readProject' : 'changeProject';
          return out;
        }),
        rewriteSuccess(isProjectList, (body) => ({ ...body, action: 'listProjects', anzahl: GROUPS.reduce((n, g) => n + (Array.isArray(body[g]) ? body[g].length : 0), 0) })),
        rewriteSuccess(isPassword, (body) => ({ ...body, action: 'changePortalPassword' })),
      ),
  },
  {
    id: 'projects-data-as-numbers',
    freedoms: ['FREE-PROJ-5'],
    description: 'codes and numbers of projektData, and a contact plz without a leading zero, are returned as JSON numbers instead of numeric text',
    configure: (deps) =>
      intercept(
        deps,
        rewriteProjektData((data) => {
          for (const field of [...CODE_FIELDS, ...INTEGER_FIELDS, ...DECIMAL_FIELDS]) {
            const value = data[field];
            if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) data[field] = Number(value);
          }
          if (typeof data.plz === 'string' && /^[1-9]\d{3,4}$/.test(data.plz)) data.plz = Number(data.plz);
        }, isProjectAnswer),
      ),
  },
  {
    id: 'projects-decimal-comma',
    freedoms: ['FREE-PROJ-6'],
    description: 'decimal numbers of projektData are returned with a decimal comma and at least two decimals (12000.5 as "12000,50")',
    configure: (deps) =>
      intercept(
        deps,
        rewriteProjektData((data) => {
          for (const field of DECIMAL_FIELDS) {
            const value = data[field];
            if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) continue;
            const [whole, fraction = ''] = value.split('.');
            data[field] = `${whole},${fraction.padEnd(2, '0')}`;
          }
        }, isProjectAnswer),
      ),
  },
  {
    id: 'projects-unset-fields-omitted',
    freedoms: ['FREE-PROJ-7'],
    description: 'projektData leaves out the fields without a value instead of returning them as empty text',
    configure: (deps) =>
      intercept(
        deps,
        rewriteProjektData((data) => {
          for (const [field, value] of Object.entries(data)) if (value === '' || value === null) delete data[field];
        }, isProjectAnswer),
      ),
  },
  {
    id: 'projects-list-regrouped',
    freedoms: ['FREE-PROJ-8', 'FREE-PROJ-9'],
    description:
      'GET /reports lists projects created through the API in `projekte` and archived projects in the group of their origin; an entry names its project by `nummer` (the id), `titel` and its link, without a `key` member',
    configure: (deps) =>
      intercept(
        deps,
        rewriteSuccess(isProjectList, (body) => {
          const groups: Record<(typeof GROUPS)[number], unknown[]> = { projekte: [], leads: [], api: [], archiv: [] };
          for (const group of GROUPS) {
            for (const entry of Array.isArray(body[group]) ? body[group] : []) {
              const origin = originOf(deps, entry) ?? group;
              groups[origin === 'api' ? 'projekte' : origin].push(entry);
            }
          }
          const reshape = (entry: unknown) => {
            if (!isPlainObject(entry)) return entry;
            const { key: _key, id, projektName, ...rest } = entry;
            return { nummer: id, titel: projektName, ...rest };
          };
          return { ...body, ...Object.fromEntries(GROUPS.map((group) => [group, groups[group].map(reshape)])) };
        }),
      ),
  },
  {
    id: 'project-link-by-id',
    freedoms: ['FREE-PROJ-14'],
    description: 'the report page of a project is `{site_url}/berichte/{id}`: the link names the project by its id, not its key',
    configure: (deps) => {
      const byId = (text: string) =>
        text.replace(/\/projekt\/([a-z]{9})$/, (whole, key: string) => {
          const project = deps.store.projects.findByKey(key);
          return project ? `/berichte/${project.id}` : whole;
        });
      return intercept(
        deps,
        rewriteSuccess((req) => isProjectAnswer(req) || isProjectList(req), (body) => mapStrings(body, byId) as Json),
      );
    },
  },
  {
    id: 'projects-patch-password-bodies',
    freedoms: ['FREE-PROJ-11', 'FREE-PROJ-12'],
    description: 'PATCH /reports/{key} answers only the names of the changed fields, the password change an empty object',
    configure: (deps) =>
      intercept(
        deps,
        rewriteSuccess(isPatchProject, (_body, req) => {
          const sent: unknown = req.body;
          const envelope = isPlainObject(sent) ? (sent.projectData ?? sent.projektData) : undefined;
          return { geaendert: isPlainObject(envelope) ? Object.keys(envelope) : [] };
        }),
        rewriteSuccess(isPassword, () => ({})),
      ),
  },
  {
    id: 'project-keys-case-sensitive',
    freedoms: ['FREE-PROJ-16'],
    description:
      'project keys are looked up case-sensitively: on every project route a key spelt with uppercase letters finds no project and is answered exactly as a key that does not exist (404 not_found)',
    // The path is pointed at a key of no project before authentication, so the limiter, the order of the checks and the 404 are those of a missing key.
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const key = projectKeyOf(req);
        if (key !== undefined && key !== key.toLowerCase()) req.url = req.url.replace(`/reports/${key}`, `/reports/${keyOfNoProject(deps)}`);
        next();
      }),
  },
  {
    id: 'projects-validation-before-lookup',
    freedoms: ['FREE-PROJ-15'],
    description: 'PATCH /reports/{key} and PUT .../password check a sent body before they look the project up: an invalid body to a foreign or missing key answers 422, not 404',
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (req.body === undefined || projectKeyOf(req) === undefined) return next();
        try {
          if (isPatchProject(req)) parseProjectWrite(req.body);
          else if (isPassword(req)) parsePasswordBody(req.body);
        } catch (err) {
          return next(err);
        }
        next();
      }),
  },
]);
