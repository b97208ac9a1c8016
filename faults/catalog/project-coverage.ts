/**
 * Faults that give every rule of the project area a fault of its own (the field table, the
 * envelopes, the creation and detail responses, the password endpoint). Each breaks one rule for
 * one field or endpoint and names only that rule, so the fault run proves exactly it.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { currentCustomer, swapCustomerOn } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isCreateEmpty, isPassword, isPatchProject, isProjectDetail, isProjectWrite, isWithData, PROJECT_PATH } from '../../reference-server/seams/paths.js';
import { ENVELOPES, envelopeOf, onEnvelope, rewriteProjektData } from '../../reference-server/seams/project-envelope.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

function refuse(res: Response, field: string): void {
  res.status(422).json({ status: 422, error: `Ungültiger Wert für ${field}.`, details: { type: 'validation', field } });
}

/** Answers 422 for `field` when its sent value matches. */
function refuseValue(id: string, rule: string, field: string, description: string, matches: (value: unknown) => boolean): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) =>
      onEnvelope(deps, (envelope, _req, res) => {
        if (!(field in envelope) || !matches(envelope[field])) return false;
        refuse(res, field);
        return true;
      }),
  };
}

/** Rewrites the sent value of `field` before the server validates it. */
function rewriteValue(id: string, rule: string, field: string, description: string, fn: (value: unknown) => unknown): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (field in envelope) envelope[field] = fn(envelope[field]);
      }),
  };
}

/** Empty or null for `field` is dropped from the envelope, so the stored value stays. */
function deletionIgnored(rule: string, field: string): Fault {
  return {
    id: `projcov-${field}-delete-ignored`,
    description: `\`${field}\` sent as empty or null keeps the stored value instead of deleting it`,
    rules: [rule],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (!(field in envelope) || (envelope[field] !== '' && envelope[field] !== null)) return false;
        delete envelope[field];
        if (Object.keys(envelope).length > 0) return false;
        // Nothing else was sent: answer as if the deletion had been stored.
        if (isPatchProject(req)) res.status(200).json({ status: 200, action: 'updateReport' });
        return isPatchProject(req);
      }),
  };
}

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ë: 'e', '–': '-', '„': '"', '“': '"' };
const transliterate = (value: unknown) => (typeof value === 'string' ? value.replace(/[äöüßÄÖÜë–„“]/g, (c) => GERMAN_LETTERS[c] ?? c) : value);

const isNumericString = (value: unknown) => typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value.replace(',', '.')));
const codeValue = (code: number) => (value: unknown) => value === code || value === String(code);

/** Numbers above `max` are stored as `max` (accepted) instead of refused. */
function clampAbove(max: number) {
  return (value: unknown) => {
    const n = typeof value === 'number' ? value : isNumericString(value) ? Number(String(value).replace(',', '.')) : undefined;
    return n !== undefined && n > max ? max : value;
  };
}

/** Rewrites creation responses (POST /reports and /reports/with-data). */
function rewriteCreation(deps: AppDeps, fn: (body: Json) => Json): AppDeps {
  return intercept(
    deps,
    rewriteJson((body) => (isPlainObject(body) && body.action === 'createReport' ? fn(body) : body)),
  );
}

function answerOk(status: number, applies: (req: Request) => boolean): (deps: AppDeps) => AppDeps {
  return (deps) =>
    interceptParsed(deps, (req, res, next) => {
      if (!applies(req)) return next();
      res.status(status).json({ status });
    });
}

const numericFields = [
  { field: 'projektJahresverbrauch', range: 'PROJ-34', max: 1_000_000_000, deletion: 'PROJ-36' },
  { field: 'projektBaujahr', range: 'PROJ-37', max: 2100, strings: 'PROJ-38', deletion: 'PROJ-39' },
  { field: 'projektKollektorflaecheSolar', range: 'PROJ-48', max: 1_000_000, strings: 'PROJ-49', deletion: 'PROJ-50' },
  { field: 'projektJahresverbrauchHolz', range: 'PROJ-53', max: 1_000_000, strings: 'PROJ-54', deletion: 'PROJ-55' },
] as const;

const codeFields = [
  { field: 'projektArtHeizung', codes: 'PROJ-25', top: 6, strings: 'PROJ-26', deletion: 'PROJ-27' },
  { field: 'projektAlterHeizung', codes: 'PROJ-28', top: 3, strings: 'PROJ-29', deletion: 'PROJ-30' },
  { field: 'projektTrinkwasser', codes: 'PROJ-40', top: 3, strings: 'PROJ-41', deletion: 'PROJ-42' },
  { field: 'projektWaermeerzeugerSolarArt', codes: 'PROJ-45', top: 2, strings: 'PROJ-46', deletion: 'PROJ-47' },
] as const;

const CONTACT_TEXT_FIELDS = ['anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'ort', 'telefon', 'bemerkungen'];

/** Customer swap: a locked customer (expired, not unlocked) is treated as holding an annual license. */
function lockedMayCreate(deps: AppDeps): AppDeps {
  return interceptParsed(
    deps,
    swapCustomerOn(
      (req) => isCreateEmpty(req) || isWithData(req),
      (customer) => (customer.license === 'expired' && !customer.unlocked ? { ...customer, license: 'annual', unlocked: true } : customer),
    ),
  );
}

/** The first creation of each customer is answered again for every later POST /reports. */
function idempotentCreation(deps: AppDeps): AppDeps {
  const first = new Map<number, unknown>();
  return interceptParsed(deps, (req, res, next) => {
    if (!isCreateEmpty(req)) return next();
    const customerId = currentCustomer(res).id;
    const seen = first.get(customerId);
    if (seen !== undefined) {
      res.status(201).json(seen);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode === 201) first.set(customerId, body);
      return json(body);
    };
    next();
  });
}

/** After a password change the customer's API token stops working (the token was changed, not the portal password). */
function passwordRotatesToken(deps: AppDeps): AppDeps {
  const rotated = new Set<number>();
  return interceptParsed(deps, (req, res, next) => {
    const customerId = currentCustomer(res).id;
    if (rotated.has(customerId)) {
      res.status(401).json({ status: 401, error: 'Token ungültig.', details: { type: 'authentication' } });
      return;
    }
    if (isPassword(req)) res.on('finish', () => res.statusCode === 200 && rotated.add(customerId));
    next();
  });
}

/** DELETE /reports/{key} answers 204 and the project is gone for its owner from then on. */
function deletableProjects(deps: AppDeps): AppDeps {
  const deleted = new Set<string>();
  return interceptParsed(deps, (req, res, next) => {
    const key = PROJECT_PATH.exec(req.path)?.[1]?.toLowerCase();
    if (key !== undefined && req.method === 'DELETE' && PROJECT_PATH.exec(req.path)?.[2] === undefined) {
      deleted.add(key);
      res.status(204).end();
      return;
    }
    if (key !== undefined && deleted.has(key)) {
      res.status(404).json({ status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found' } });
      return;
    }
    next();
  });
}

/** The newest project of the caller is left out of GET /reports. */
function newestProjectUnlisted(deps: AppDeps): AppDeps {
  return wrapRepository(deps, 'projects', (projects) => ({
    listByCustomer: (customerId: number) => {
      const all = projects.listByCustomer(customerId);
      const newest = Math.max(...all.map((p) => p.id));
      return all.filter((p) => p.id !== newest);
    },
  }));
}

const patchOrDetail = (req: Request) => isProjectDetail(req) || isPatchProject(req);

export const projectCoverageFaults: Fault[] = [
  // Envelopes and the general input rules
  refuseValueOfEnvelope('projcov-patch-projectdata-refused', 'PROJ-5', 'projectData', 'PATCH with the envelope `projectData` answers 422 (only `projektData` is taken)', isPatchProject),
  refuseValueOfEnvelope('projcov-projektdata-refused', 'PROJ-6', 'projektData', 'the compatible envelope `projektData` answers 422', () => true),
  {
    id: 'projcov-top-level-fields-wrapped',
    description: 'project fields sent at the top level without an envelope are taken as if they were in `projectData`',
    rules: ['PROJ-9'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if ((isProjectWrite(req)) && isPlainObject(req.body) && envelopeOf(req.body) === undefined) {
          const fields = Object.fromEntries(Object.entries(req.body).filter(([name]) => name.startsWith('projekt') || CONTACT_TEXT_FIELDS.includes(name) || name === 'email' || name === 'plz'));
          if (Object.keys(fields).length > 0) req.body = { projectData: fields };
        }
        next();
      }),
  },
  {
    id: 'projcov-unknown-top-level-ignored',
    description: 'unknown top-level fields next to the envelope are dropped instead of answering 422',
    rules: ['PROJ-10'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if ((isProjectWrite(req)) && isPlainObject(req.body) && envelopeOf(req.body) !== undefined) {
          req.body = Object.fromEntries(Object.entries(req.body).filter(([name]) => (ENVELOPES as readonly string[]).includes(name)));
        }
        next();
      }),
  },
  {
    id: 'projcov-boolean-code-accepted',
    description: 'a boolean sent for a code or number field is taken as 1 (true) or deleted (false) instead of 422',
    rules: ['PROJ-11'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [name, value] of Object.entries(envelope)) {
          if (typeof value === 'boolean' && name.startsWith('projekt') && !name.endsWith('Status') && name !== 'projektName') envelope[name] = value ? 1 : '';
        }
      }),
  },
  {
    id: 'projcov-array-value-unwrapped',
    description: 'an array sent as a field value is taken as its first element instead of 422',
    rules: ['PROJ-12'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [name, value] of Object.entries(envelope)) if (Array.isArray(value)) envelope[name] = value[0] ?? '';
      }),
  },
  {
    id: 'projcov-object-value-unwrapped',
    description: 'an object sent as a field value is taken as its first member instead of 422',
    rules: ['PROJ-13'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [name, value] of Object.entries(envelope)) if (isPlainObject(value)) envelope[name] = Object.values(value)[0] ?? '';
      }),
  },
  {
    id: 'projcov-empty-envelope-accepted',
    description: 'PATCH with an empty envelope answers 200 (nothing to change) instead of 422',
    rules: ['PROJ-14'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (!isPatchProject(req) || Object.keys(envelope).length > 0) return false;
        res.status(200).json({ status: 200, action: 'updateReport' });
        return true;
      }),
  },
  {
    id: 'projcov-single-field-refused',
    description: 'PATCH with a single field answers 422 (the server wants at least two)',
    rules: ['PROJ-15'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        const names = Object.keys(envelope);
        if (!isPatchProject(req) || names.length !== 1) return false;
        refuse(res, names[0] as string);
        return true;
      }),
  },
  {
    id: 'projcov-non-object-envelope-accepted',
    description: 'PATCH with an envelope that is not an object (string, array, boolean) answers 200 instead of 422',
    rules: ['PROJ-16'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const body = req.body as unknown;
        if (!isPatchProject(req) || !isPlainObject(body)) return next();
        const envelope = body.projectData ?? body.projektData;
        if (envelope === undefined || envelope === null || isPlainObject(envelope)) return next();
        res.status(200).json({ status: 200, action: 'updateReport' });
      }),
  },

  // Text fields
  rewriteValue('projcov-name-transliterated', 'PROJ-17', 'projektName', '`projektName` is stored with umlauts, ß and typographic characters transliterated', transliterate),
  {
    id: 'projcov-name-number-stays-number',
    description: '`projektName` sent as a plain number reads back as a JSON number instead of text',
    rules: ['PROJ-18'],
    configure: (deps) =>
      intercept(deps, rewriteProjektData((data) => {
        if (typeof data.projektName === 'string' && /^\d+$/.test(data.projektName)) data.projektName = Number(data.projektName);
      }, patchOrDetail)),
  },
  {
    id: 'projcov-contact-texts-transliterated',
    description: 'the contact text fields are stored with umlauts, ß and typographic characters transliterated',
    rules: ['PROJ-62'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const name of CONTACT_TEXT_FIELDS) if (name in envelope) envelope[name] = transliterate(envelope[name]);
      }),
  },
  {
    id: 'projcov-contact-number-stays-number',
    description: 'a contact text field sent as a plain number reads back as a JSON number instead of text',
    rules: ['PROJ-63'],
    configure: (deps) =>
      intercept(deps, rewriteProjektData((data) => {
        for (const name of CONTACT_TEXT_FIELDS) if (typeof data[name] === 'string' && /^\d+$/.test(data[name])) data[name] = Number(data[name]);
      }, patchOrDetail)),
  },
  refuseValue('projcov-email-plus-refused', 'PROJ-59', 'email', '`email` with a "+" in the local part answers 422', (v) => typeof v === 'string' && v.includes('+')),
  deletionIgnored('PROJ-60', 'email'),

  // Postal codes
  {
    id: 'projcov-project-postal-code-patch-refused',
    description: 'PATCH of `projektPostleitzahl` answers 422 whatever the code',
    rules: ['PROJ-21'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (!isPatchProject(req) || !('projektPostleitzahl' in envelope)) return false;
        refuse(res, 'projektPostleitzahl');
        return true;
      }),
  },
  rewriteValue('projcov-plz-six-digits-cut', 'PROJ-65', 'plz', '`plz` with more than five digits is cut to five and accepted', (v) => (typeof v === 'string' && /^\d{6,}$/.test(v) ? v.slice(0, 5) : typeof v === 'number' && v > 99999 ? Number(String(v).slice(0, 5)) : v)),
  deletionIgnored('PROJ-67', 'plz'),

  // Codes
  ...codeFields.flatMap(({ field, codes, top, strings, deletion }): Fault[] => [
    refuseValue(`projcov-${field}-top-code-refused`, codes, field, `\`${field}\` refuses its highest code ${top}`, codeValue(top)),
    refuseValue(`projcov-${field}-string-refused`, strings, field, `\`${field}\` refuses the code as a numeric string`, (v) => typeof v === 'string' && v !== ''),
    deletionIgnored(deletion, field),
  ]),
  refuseValue('projcov-projektWaermeerzeugerHolzArt-string-refused', 'PROJ-57', 'projektWaermeerzeugerHolzArt', '`projektWaermeerzeugerHolzArt` refuses the code as a numeric string', (v) => typeof v === 'string' && v !== ''),
  deletionIgnored('PROJ-58', 'projektWaermeerzeugerHolzArt'),
  deletionIgnored('PROJ-33', 'projektBewohner'),

  // Numbers
  ...numericFields.flatMap((f): Fault[] => [
    rewriteValue(`projcov-${f.field}-clamped`, f.range, f.field, `\`${f.field}\` above ${f.max} is stored as ${f.max} instead of 422`, clampAbove(f.max)),
    ...('strings' in f ? [refuseValue(`projcov-${f.field}-string-refused`, f.strings, f.field, `\`${f.field}\` refuses numeric strings`, (v) => typeof v === 'string' && v !== '')] : []),
    deletionIgnored(f.deletion, f.field),
  ]),

  // Flags
  rewriteValue('projcov-holz-flag-on-stored-empty', 'PROJ-51', 'projektWaermeerzeugerHolzStatus', '`projektWaermeerzeugerHolzStatus` sent as true/"on"/1 is stored as empty', (v) => (v === true || v === 'on' || v === 1 || v === '1' ? '' : v)),
  rewriteValue('projcov-flag-other-values-off', 'PROJ-69', 'projektWaermeerzeugerSolarStatus', 'a solar flag value outside the listed ones is stored as empty instead of 422', (v) => (['yes', 2, -1, 'an'].includes(v as never) ? '' : v)),

  // Responses
  {
    id: 'projcov-header-id-text',
    description: '`projektHeader.id` of the creation responses is text instead of a number',
    rules: ['PROJ-70'],
    configure: (deps) => rewriteCreation(deps, (body) => ({ ...body, projektHeader: { ...(body.projektHeader as Json), id: String((body.projektHeader as Json).id) } })),
  },
  {
    id: 'projcov-creation-without-projektdata',
    description: 'the creation response has no `projektData`',
    rules: ['PROJ-73'],
    configure: (deps) => rewriteCreation(deps, ({ projektData: _dropped, ...body }) => body),
  },
  {
    id: 'projcov-creation-json-status-201',
    description: 'the creation response carries the JSON status 201 instead of the historic 200',
    rules: ['PROJ-74'],
    configure: (deps) => rewriteCreation(deps, (body) => ({ ...body, status: 201 })),
  },
  {
    id: 'projcov-creation-action-create',
    description: 'the creation response carries action "create" instead of "createReport"',
    rules: ['PROJ-75'],
    configure: (deps) => intercept(deps, rewriteJson((body) => (isPlainObject(body) && body.action === 'createReport' ? { ...body, action: 'create' } : body))),
  },
  {
    id: 'projcov-create-omitted-body-refused',
    description: 'POST /reports without a body answers 422 (a body {} is required)',
    rules: ['PROJ-76'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!isCreateEmpty(req) || Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding']) return next();
        refuse(res, 'body');
      }),
  },
  {
    id: 'projcov-create-empty-object-refused',
    description: 'POST /reports with the body {} answers 422 (only an omitted body is taken)',
    rules: ['PROJ-77'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (!isCreateEmpty(req) || !isPlainObject(req.body) || Number(req.headers['content-length'] ?? 0) === 0) return next();
        refuse(res, 'body');
      }),
  },
  { id: 'projcov-locked-may-create', description: 'a locked customer without license may create projects', rules: ['PROJ-79'], configure: lockedMayCreate },
  { id: 'projcov-creation-idempotent', description: 'a repeated POST /reports answers the first project again instead of creating a further one', rules: ['PROJ-82'], configure: idempotentCreation },
  {
    id: 'projcov-with-data-answers-200',
    description: 'POST /reports/with-data answers HTTP 200 instead of 201',
    rules: ['PROJ-84'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isWithData(req) && status === 201 ? 200 : status))),
  },
  {
    id: 'projcov-with-data-without-body-creates',
    description: 'POST /reports/with-data without a body creates an empty project instead of refusing',
    rules: ['PROJ-85'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isWithData(req) && (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0))) req.body = { projectData: { projektName: '' } };
        next();
      }),
  },
  {
    id: 'projcov-with-data-response-unfilled',
    description: 'the creation response of POST /reports/with-data shows the project before filling (empty projektData)',
    rules: ['PROJ-87'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      for (const name of Object.keys(data)) data[name] = '';
    }, isWithData)),
  },
  {
    id: 'projcov-detail-value-array',
    description: 'the project detail returns `projektName` wrapped in an array',
    rules: ['PROJ-88'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      data.projektName = [data.projektName];
    }, isProjectDetail)),
  },
  { id: 'projcov-newest-project-unlisted', description: 'GET /reports leaves out the newest project of the customer', rules: ['PROJ-92'], configure: newestProjectUnlisted },
  {
    id: 'projcov-detail-answers-203',
    description: 'GET /reports/{key} answers HTTP 203 instead of 200',
    rules: ['PROJ-95'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isProjectDetail(req) && status === 200 ? 203 : status))),
  },
  {
    id: 'projcov-detail-without-projektdata',
    description: 'the project detail has no `projektData`',
    rules: ['PROJ-96'],
    configure: (deps) => intercept(deps, rewriteJson((body, req) => (isProjectDetail(req) && isPlainObject(body) ? { ...body, projektData: undefined } : body))),
  },
  {
    id: 'projcov-patch-answers-202',
    description: 'PATCH /reports/{key} answers HTTP 202 instead of 200',
    rules: ['PROJ-101'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isPatchProject(req) && status === 200 ? 202 : status))),
  },
  {
    id: 'projcov-patch-without-body-accepted',
    description: 'PATCH /reports/{key} without a body answers 200 instead of refusing',
    rules: ['PROJ-104'],
    configure: answerOk(200, (req) => isPatchProject(req) && (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0 && Number(req.headers['content-length'] ?? 0) === 0))),
  },

  // Password
  {
    id: 'projcov-password-answers-202',
    description: 'PUT .../password answers HTTP 202 instead of 200',
    rules: ['PROJ-107'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isPassword(req) && status === 200 ? 202 : status))),
  },
  {
    id: 'projcov-password-256-refused',
    description: 'a password of exactly 256 characters answers 422 (the limit is taken as 255)',
    rules: ['PROJ-108'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const body = req.body as unknown;
        if (isPassword(req) && isPlainObject(body) && typeof body.newPassword === 'string' && body.newPassword.length === 256) return refuse(res, 'newPassword');
        next();
      }),
  },
  {
    id: 'projcov-password-cut-to-256',
    description: 'a password longer than 256 characters is cut to 256 and accepted',
    rules: ['PROJ-110'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        const body = req.body as unknown;
        if (isPassword(req) && isPlainObject(body) && typeof body.newPassword === 'string') body.newPassword = body.newPassword.slice(0, 256);
        next();
      }),
  },
  {
    id: 'projcov-password-missing-accepted',
    description: 'PUT .../password without `newPassword` answers 200',
    rules: ['PROJ-111'],
    configure: answerOk(200, (req) => isPassword(req) && isPlainObject(req.body) && !('newPassword' in req.body)),
  },
  {
    id: 'projcov-password-non-string-accepted',
    description: 'PUT .../password with a `newPassword` that is not a string answers 200',
    rules: ['PROJ-112'],
    configure: answerOk(200, (req) => isPassword(req) && isPlainObject(req.body) && 'newPassword' in req.body && typeof req.body.newPassword !== 'string'),
  },
  { id: 'projcov-password-rotates-token', description: 'a password change invalidates the API token of the customer', rules: ['PROJ-114'], configure: passwordRotatesToken },
  { id: 'projcov-projects-deletable', description: 'DELETE /reports/{key} deletes the project', rules: ['PROJ-118'], configure: deletableProjects },
  {
    id: 'projcov-decimal-read-back-truncated',
    description: 'decimal numbers read back without their fraction (12.5 as 12)',
    rules: ['PROJ-119'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      for (const [name, value] of Object.entries(data)) {
        if ((typeof value === 'string' && /^\d+\.\d+$/.test(value)) || (typeof value === 'number' && !Number.isInteger(value))) data[name] = String(Math.trunc(Number(value)));
      }
    }, patchOrDetail)),
  },
];

/** Answers 422 for requests that carry the envelope `name` (where `applies`). */
function refuseValueOfEnvelope(id: string, rule: string, name: (typeof ENVELOPES)[number], description: string, applies: (req: Request) => boolean): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) =>
      interceptParsed(deps, ((req, res, next) => {
        if ((isProjectWrite(req)) && applies(req) && isPlainObject(req.body) && name in req.body) return refuse(res, name);
        next();
      }) satisfies RequestHandler),
  };
}
