/**
 * Faults of the project area (suites/projects): each breaks one rule of "Resources and their
 * fields > Project", the project endpoints or the 404 indistinguishability, and names the rules
 * whose checks must notice. Faults may know server internals (store, request context).
 */
import type { Request, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { hasClimateData } from '../../reference-server/src/climate/design-temperatures.js';
import { PROJECT_FIELDS } from '../../reference-server/src/domain/project-fields.js';
import { generateProjectKey } from '../../reference-server/src/domain/project-key.js';
import type { Project } from '../../reference-server/src/store/projects.js';
import { currentCustomer } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { customersWithProjects } from '../kit/ownerless-lookups.js';
import { isPassword, isProjectWrite, PROJECT_PATH, projectKeyOf } from '../../reference-server/seams/paths.js';
import { onEnvelope, rewriteProjektData } from '../../reference-server/seams/project-envelope.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

/** The project of the path when it exists but belongs to another customer than the caller. */
function isForeignProject(deps: AppDeps, req: Request, res: Response): boolean {
  const key = projectKeyOf(req)?.toLowerCase();
  if (key === undefined) return false;
  return deps.store.projects.keyExists(key) && deps.store.projects.findOwned(key, currentCustomer(res).id) === undefined;
}

function ownProject(deps: AppDeps, req: Request, res: Response): Project | undefined {
  const key = projectKeyOf(req)?.toLowerCase();
  return key === undefined ? undefined : deps.store.projects.findOwned(key, currentCustomer(res).id);
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(value)) return Number(value.replace(',', '.'));
  return undefined;
}

export const projectFaults: Fault[] = [
  // ---------------------------------------------------------------------------------------------
  // Foreign projects and 404 indistinguishability
  // ---------------------------------------------------------------------------------------------
  {
    id: 'proj-foreign-project-403',
    description: 'a project of another customer answers 403 authorization instead of 404',
    rules: ['PROJ-100'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (!isForeignProject(deps, req, res)) return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: das Projekt gehört einem anderen Kunden.', details: { type: 'authorization' } });
      }),
  },
  {
    id: 'proj-foreign-404-reason',
    description: 'the 404 for a foreign project carries details.reason "foreign_project" (a missing key does not)',
    rules: ['PROJ-103', 'PROJ-116'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isForeignProject(deps, req, res)) {
          const json = res.json.bind(res);
          res.json = (body: unknown) => json(isPlainObject(body) && isPlainObject(body.details) ? { ...body, details: { ...body.details, reason: 'foreign_project' } } : body);
        }
        next();
      }),
  },
  {
    id: 'proj-foreign-404-extra-header',
    description: 'the 404 for a foreign project carries an extra header X-Project-Owner (same body)',
    rules: ['PROJ-100'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isForeignProject(deps, req, res)) res.setHeader('X-Project-Owner', 'other');
        next();
      }),
  },
  {
    id: 'proj-foreign-project-listed',
    description: 'GET /reports lists the projects of every customer (the owner filter is missing)',
    rules: ['PROJ-91'],
    configure: (deps) => {
      const customerIds = customersWithProjects(deps.store);
      return wrapRepository(deps, 'projects', (projects) => ({ listByCustomer: () => customerIds().flatMap((id) => projects.listByCustomer(id)) }));
    },
  },
  {
    id: 'proj-uppercase-key-not-resolved',
    description: 'a project key spelled with uppercase letters answers 404 (the route is case sensitive)',
    rules: ['PROJ-2'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        const key = projectKeyOf(req);
        if (key === undefined || key === key.toLowerCase()) return next();
        res.status(404).json({ status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found' } });
      }),
  },
  {
    id: 'proj-malformed-key-400',
    description: 'a project key that is not nine letters answers 400 validation instead of 404',
    rules: ['PROJ-3'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        const match = /^\/reports\/([^/]+)$/.exec(req.path);
        if (!match || match[1] === 'with-data' || /^[A-Za-z]{9}$/.test(match[1] as string)) return next();
        res.status(400).json({ status: 400, error: 'Ungültiger Projektschlüssel.', details: { type: 'validation', field: 'projectKey' } });
      }),
  },

  // ---------------------------------------------------------------------------------------------
  // Creation
  // ---------------------------------------------------------------------------------------------
  {
    id: 'proj-create-answers-200',
    description: 'POST /reports answers HTTP 200 instead of 201',
    rules: ['PROJ-72'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (req.method === 'POST' && req.path === '/reports' && status === 201 ? 200 : status))),
  },
  {
    id: 'proj-created-key-uppercase',
    description: 'creation responses show the new key in uppercase letters',
    rules: ['PROJ-1'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body) => {
          if (isPlainObject(body) && body.action === 'createReport' && isPlainObject(body.projektHeader) && typeof body.projektHeader.key === 'string') {
            return { ...body, projektHeader: { ...body.projektHeader, key: body.projektHeader.key.toUpperCase() } };
          }
          return body;
        }),
      ),
  },
  {
    id: 'proj-link-not-absolute',
    description: 'projektHeader.link is a site-relative path instead of a full URL',
    rules: ['PROJ-71'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body) => {
          if (isPlainObject(body) && isPlainObject(body.projektHeader) && typeof body.projektHeader.link === 'string') {
            return { ...body, projektHeader: { ...body.projektHeader, link: new URL(body.projektHeader.link).pathname } };
          }
          return body;
        }),
      ),
  },
  {
    id: 'proj-create-body-ignored',
    description: 'POST /reports ignores properties in the body instead of answering 422',
    rules: ['PROJ-78'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (req.method === 'POST' && req.path === '/reports' && isPlainObject(req.body)) req.body = {};
        next();
      }),
  },
  {
    id: 'proj-with-data-creates-before-validation',
    description: 'POST /reports/with-data creates an empty project before it validates the preset data',
    rules: ['PROJ-86'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method === 'POST' && req.path === '/reports/with-data') {
          let key = generateProjectKey();
          while (deps.store.projects.keyExists(key)) key = generateProjectKey();
          deps.store.projects.insert({ key, customerId: currentCustomer(res).id, origin: 'api', data: {}, at: new Date() });
        }
        next();
      }),
  },
  {
    id: 'proj-education-license-refused',
    description: 'creation answers 403 for a customer with an education license',
    rules: ['PROJ-81'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method !== 'POST' || !/^\/reports(\/with-data)?$/.test(req.path) || currentCustomer(res).license !== 'education') return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: nur mit Jahreslizenz.', details: { type: 'authorization' } });
      }),
  },

  // ---------------------------------------------------------------------------------------------
  // Envelopes and field validation
  // ---------------------------------------------------------------------------------------------
  {
    id: 'proj-both-envelopes-accepted',
    description: 'a body with both projectData and projektData is accepted (projectData wins)',
    rules: ['PROJ-7'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isProjectWrite(req) && isPlainObject(req.body) && 'projectData' in req.body && 'projektData' in req.body) delete req.body.projektData;
        next();
      }),
  },
  {
    id: 'proj-unknown-field-ignored',
    description: 'unknown fields inside the envelope are dropped instead of answering 422 (when released fields remain)',
    rules: ['PROJ-8'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        const unknown = Object.keys(envelope).filter((k) => !PROJECT_FIELDS.includes(k));
        if (unknown.length === Object.keys(envelope).length) return;
        for (const k of unknown) delete envelope[k];
      }),
  },
  {
    id: 'proj-residents-10001-accepted',
    description: 'projektBewohner 10001 is accepted (clamped to 10000) instead of answering 422',
    rules: ['PROJ-31'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (numeric(envelope.projektBewohner) === 10001) envelope.projektBewohner = 10000;
      }),
  },
  {
    id: 'proj-residents-fraction-rounded',
    description: 'a non-integer projektBewohner is rounded instead of answering 422',
    rules: ['PROJ-31'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        const n = numeric(envelope.projektBewohner);
        if (n !== undefined && !Number.isInteger(n)) envelope.projektBewohner = Math.round(n);
      }),
  },
  {
    id: 'proj-decimal-comma-rejected',
    description: 'numeric strings with a decimal comma answer 422',
    rules: ['PROJ-32', 'PROJ-35'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, _req, res) => {
        const field = Object.keys(envelope).find((k) => typeof envelope[k] === 'string' && /^-?\d+,\d+$/.test(envelope[k] as string));
        if (field === undefined) return;
        res.status(422).json({ status: 422, error: `Ungültiger Wert für Feld ${field}: Dezimalpunkt erwartet.`, details: { type: 'validation', field } });
        return true;
      }),
  },
  {
    id: 'proj-holzart-outside-set-accepted',
    description: 'projektWaermeerzeugerHolzArt accepts 1600 (mapped to 1550) although it is not a listed code',
    rules: ['PROJ-56'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (numeric(envelope.projektWaermeerzeugerHolzArt) === 1600) envelope.projektWaermeerzeugerHolzArt = 1550;
      }),
  },
  {
    id: 'proj-nul-accepted',
    description: 'NUL characters in text fields are stripped instead of answering 422',
    rules: ['PROJ-20', 'PROJ-61', 'PROJ-64'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [k, v] of Object.entries(envelope)) if (typeof v === 'string') envelope[k] = v.replaceAll('\u0000', '');
      }),
  },
  {
    id: 'proj-name-null-as-text-null',
    description: 'projektName null is stored as the text "null" instead of empty text',
    rules: ['PROJ-19'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if ('projektName' in envelope && envelope.projektName === null) envelope.projektName = 'null';
      }),
  },
  {
    id: 'proj-postal-code-outside-climate-data-accepted',
    description: 'a five-digit projektPostleitzahl without climate data is accepted (replaced by 10115)',
    rules: ['PROJ-22'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        const code = envelope.projektPostleitzahl;
        if (typeof code === 'string' && /^\d{5}$/.test(code) && !hasClimateData(code)) envelope.projektPostleitzahl = '10115';
      }),
  },
  {
    id: 'proj-postal-code-clearable',
    description: 'PATCH with projektPostleitzahl "" or null clears the stored postal code instead of answering 422',
    rules: ['PROJ-23', 'PROJ-24'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (req.method !== 'PATCH' || !('projektPostleitzahl' in envelope) || (envelope.projektPostleitzahl !== '' && envelope.projektPostleitzahl !== null)) return;
        const project = ownProject(deps, req, res);
        if (!project) return;
        const { projektPostleitzahl: _cleared, ...rest } = project.data;
        deps.store.projects.updateData(project.id, rest, new Date());
        delete envelope.projektPostleitzahl;
        if (Object.keys(envelope).length > 0) return;
        res.status(200).json({ status: 200, action: 'updateReport' });
        return true;
      }),
  },
  {
    id: 'proj-plz-leading-zero-lost',
    description: 'the contact plz is stored as a number, so leading zeros are lost',
    rules: ['PROJ-66'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (typeof envelope.plz === 'string' && /^0\d+$/.test(envelope.plz)) envelope.plz = String(Number(envelope.plz));
      }),
  },

  // ---------------------------------------------------------------------------------------------
  // Read-back, detail, PATCH semantics
  // ---------------------------------------------------------------------------------------------
  {
    id: 'proj-solar-flag-read-back-true',
    description: 'projektWaermeerzeugerSolarStatus reads back as true instead of "on"',
    rules: ['PROJ-43'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteProjektData((data) => {
          if (data.projektWaermeerzeugerSolarStatus === 'on') data.projektWaermeerzeugerSolarStatus = true;
        }),
      ),
  },
  {
    id: 'proj-flag-off-read-back-off',
    description: 'a flag stored as empty reads back as "off" instead of empty',
    rules: ['PROJ-44', 'PROJ-52'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteProjektData((data) => {
          for (const flag of ['projektWaermeerzeugerSolarStatus', 'projektWaermeerzeugerHolzStatus']) if (data[flag] === '') data[flag] = 'off';
        }),
      ),
  },
  {
    id: 'proj-detail-shows-password-hash',
    description: 'the project detail carries the portal password hash',
    rules: ['PROJ-97'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.method === 'GET' && PROJECT_PATH.test(req.path) && isPlainObject(body) && isPlainObject(body.projektHeader) ? { ...body, passwortHash: 'scrypt$0$...' } : body)),
      ),
  },
  {
    id: 'proj-patch-replaces-data',
    description: 'PATCH replaces the project data with the sent fields (unsent fields except the postal code are cleared)',
    rules: ['PROJ-102'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (req.method !== 'PATCH' || Object.keys(envelope).length === 0) return;
        const project = ownProject(deps, req, res);
        const code = project?.data.projektPostleitzahl;
        if (project) deps.store.projects.updateData(project.id, code === undefined ? {} : { projektPostleitzahl: code }, new Date());
      }),
  },
  {
    id: 'proj-archived-not-listed',
    description: 'GET /reports leaves archived projects out (the archiv group is always empty)',
    rules: ['PROJ-89'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.method === 'GET' && req.path === '/reports' && isPlainObject(body) ? { ...body, archiv: [] } : body)),
      ),
  },
  {
    id: 'proj-expired-license-patch-refused',
    description: 'PATCH answers 403 for an unlocked customer whose license has expired',
    rules: ['PROJ-106'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method !== 'PATCH' || currentCustomer(res).license !== 'expired') return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: Lizenz abgelaufen.', details: { type: 'authorization' } });
      }),
  },

  // ---------------------------------------------------------------------------------------------
  // Password
  // ---------------------------------------------------------------------------------------------
  {
    id: 'proj-password-11-accepted',
    description: 'PUT .../password accepts 11 characters (padded to 12)',
    rules: ['PROJ-109'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isPassword(req) && isPlainObject(req.body) && typeof req.body.newPassword === 'string' && [...req.body.newPassword].length === 11) {
          req.body.newPassword = `${req.body.newPassword}!`;
        }
        next();
      }),
  },
  {
    id: 'proj-password-extra-field-ignored',
    description: 'PUT .../password ignores fields besides newPassword',
    rules: ['PROJ-113'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isPassword(req) && isPlainObject(req.body) && 'newPassword' in req.body) req.body = { newPassword: req.body.newPassword };
        next();
      }),
  },
  {
    id: 'proj-password-echoed',
    description: 'the password change response echoes the new password',
    rules: ['PROJ-115'],
    configure: (deps) =>
      interceptParsed(
        deps,
        rewriteJson((body, req) =>
          isPassword(req) && isPlainObject(body) && body.status === 200 && isPlainObject(req.body) ? { ...body, newPassword: req.body.newPassword } : body,
        ),
      ),
  },
];
