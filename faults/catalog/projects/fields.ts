import type { Request, RequestHandler } from 'express';
import { hasClimateData } from '../../../reference-server/src/climate/design-temperatures.js';
import { parseProjectWrite, PROJECT_FIELDS } from '../../../reference-server/src/domain/project-fields.js';
import { intercept, interceptParsed } from '../../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../../reference-server/seams/json-shapes.js';
import { isPatchProject, isProjectDetail, isProjectWrite } from '../../../reference-server/seams/paths.js';
import { ENVELOPES, envelopeOf, onEnvelope, rewriteProjektData } from '../../../reference-server/seams/project-envelope.js';
import { acceptedAlone, dropInvalidBesideValid } from '../../kit/partial-patch.js';
import type { Fault, PassiveExpectation } from '../../fault.js';
import { ownProject, refuse } from './support.js';

/**
 * Project faults of the envelopes and the field table: each breaks one rule for one field (its
 * range, its codes, numeric strings, deletion, read-back) and names only that rule, so the fault
 * run proves exactly it.
 */

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(value)) return Number(value.replace(',', '.'));
  return undefined;
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

const patchOrDetail = (req: Request) => isProjectDetail(req) || isPatchProject(req);

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

/** The one envelope of a project PATCH (bodies with both envelopes or other keys are left alone). */
function projectFields(req: Request): Json | undefined {
  const body: unknown = req.body;
  return isPatchProject(req) && isPlainObject(body) && Object.keys(body).length === 1 ? envelopeOf(body) : undefined;
}

const validProjectField = acceptedAlone(parseProjectWrite, (fields) => ({ projectData: fields }));

/** The general rule a field's value taken against its row breaks too ("invalid values give 422"). */
const invalidTaken = (what: string): PassiveExpectation => ({ alsoBreaks: { 'ERR-18': `${what} is an invalid value, taken instead of answered 422` } });
/** The general rule a value of the wrong type taken breaks too ("wrong types give 422"). */
const wrongTypeTaken = (what: string): PassiveExpectation => ({ alsoBreaks: { 'ERR-17': `${what} is a value of the wrong type, taken instead of answered 422` } });
/** The general rule an unknown field dropped breaks too ("Unknown fields ... give 422"). */
const unknownTaken = (what: string): PassiveExpectation => ({ alsoBreaks: { 'ERR-16': `${what} is an unknown field, dropped instead of answered 422` } });
/** A PATCH of one valid field refused 422 is also against the envelope taking one field and the field's own form. */
const validAloneRefused = (what: string): PassiveExpectation => ({
  alsoBreaks: { 'PROJ-5': `the refused PATCH sends ${what} in \`projectData\``, 'PROJ-15': `the refused PATCH is an envelope with the single released field ${what}` },
});

export const projectFieldFaults: Fault[] = [
  // ---- envelopes and the general input rules ----------------------------------------------------
  {
    ...refuseValueOfEnvelope('projcov-patch-projectdata-refused', 'PROJ-5', 'projectData', 'PATCH with the envelope `projectData` answers 422 (only `projektData` is taken)', isPatchProject),
    passive: {
      alsoBreaks: {
        'PROJ-15': 'the refused PATCH holds a single released field (`bemerkungen`) in `projectData`',
        'PROJ-62': 'the refused PATCH sends `bemerkungen` as text, which the field must accept',
      },
    },
  },
  {
    ...refuseValueOfEnvelope('projcov-projektdata-refused', 'PROJ-6', 'projektData', 'the compatible envelope `projektData` answers 422', () => true),
    passive: {
      alsoBreaks: {
        'PROJ-15': 'the refused PATCH holds a single released field (`bemerkungen`) in `projektData`',
        'PROJ-62': 'the refused PATCH sends `bemerkungen` as text, which the field must accept',
      },
    },
  },
  {
    id: 'proj-both-envelopes-accepted',
    description: 'a body with both projectData and projektData is accepted (projectData wins)',
    rules: ['PROJ-7'],
    passive: { alsoBreaks: { 'ERR-19': 'the write with both envelope names is answered 201 or 200, not 422' } },
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isProjectWrite(req) && isPlainObject(req.body) && 'projectData' in req.body && 'projektData' in req.body) delete req.body.projektData;
        next();
      }),
  },
  {
    id: 'projcov-top-level-fields-wrapped',
    description: 'project fields sent at the top level without an envelope are taken as if they were in `projectData`',
    rules: ['PROJ-9'],
    passive: {
      alsoBreaks: {
        'ERR-16': 'a project field at the top level is an unknown field there, taken instead of answered 422',
        'PROJ-104': 'a PATCH whose body has no envelope is answered 200, though the envelope is required',
      },
    },
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
    passive: unknownTaken('a top-level field beside the envelope'),
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if ((isProjectWrite(req)) && isPlainObject(req.body) && envelopeOf(req.body) !== undefined) {
          req.body = Object.fromEntries(Object.entries(req.body).filter(([name]) => (ENVELOPES as readonly string[]).includes(name)));
        }
        next();
      }),
  },
  {
    id: 'proj-unknown-field-ignored',
    description: 'unknown fields inside the envelope are dropped instead of answering 422 (when released fields remain)',
    rules: ['PROJ-8'],
    passive: unknownTaken('a field of the envelope that is not released'),
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        const unknown = Object.keys(envelope).filter((k) => !PROJECT_FIELDS.includes(k));
        if (unknown.length === Object.keys(envelope).length) return;
        for (const k of unknown) delete envelope[k];
      }),
  },
  {
    id: 'projcov-boolean-code-accepted',
    description: 'a boolean sent for a code or number field is taken as 1 (true) or deleted (false) instead of 422',
    rules: ['PROJ-11'],
    passive: wrongTypeTaken('a boolean for a code or number'),
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
    passive: wrongTypeTaken('an array as a field value'),
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [name, value] of Object.entries(envelope)) if (Array.isArray(value)) envelope[name] = value[0] ?? '';
      }),
  },
  {
    id: 'projcov-object-value-unwrapped',
    description: 'an object sent as a field value is taken as its first member instead of 422',
    rules: ['PROJ-13'],
    passive: wrongTypeTaken('an object as a field value'),
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
    passive: {
      alsoBreaks: {
        'PROJ-5': 'the refused PATCH sends valid project data in `projectData`',
        'PROJ-62': 'the single field of the refused PATCH is a contact text (`name`), which the field must accept',
      },
    },
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
    passive: wrongTypeTaken('an envelope that is not an object'),
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const body = req.body as unknown;
        if (!isPatchProject(req) || !isPlainObject(body)) return next();
        const envelope = body.projectData ?? body.projektData;
        if (envelope === undefined || envelope === null || isPlainObject(envelope)) return next();
        res.status(200).json({ status: 200, action: 'updateReport' });
      }),
  },
  {
    id: 'proj-nul-accepted',
    description: 'NUL characters in text fields are stripped instead of answering 422',
    rules: ['PROJ-20', 'PROJ-61', 'PROJ-64'],
    passive: invalidTaken('a text with a NUL character'),
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        for (const [k, v] of Object.entries(envelope)) if (typeof v === 'string') envelope[k] = v.replaceAll('\u0000', '');
      }),
  },
  {
    id: 'asserts-project-patch-drops-invalid-beside-valid',
    description: 'a project PATCH drops its invalid fields when valid ones come with them, stores the rest and answers 200',
    rules: ['PROJ-25'],
    passive: invalidTaken('the invalid field dropped beside valid ones'),
    configure: (deps) => dropInvalidBesideValid(deps, projectFields, validProjectField, 'ok'),
  },
  {
    id: 'asserts-project-patch-refused-stores-valid',
    description: 'a project PATCH with an invalid field answers 422, but stores the valid fields sent beside it',
    rules: ['PROJ-65', 'PROJ-8'],
    passive: {
      unseen: {
        'PROJ-65': 'the faulted PATCHes are answered 422 as the rule asks; that they stored the valid fields beside shows only in a later read, and the judge reads PROJ-65 by the answer to the write',
        'PROJ-8': 'the faulted PATCHes are answered 422 as the rule asks; that they stored the valid fields beside shows only in a later read, and the judge reads PROJ-8 by the answer to the write',
      },
    },
    configure: (deps) => dropInvalidBesideValid(deps, projectFields, validProjectField, 'refused'),
  },
  // ---- text fields ------------------------------------------------------------------------------
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
    id: 'proj-name-null-as-text-null',
    description: 'projektName null is stored as the text "null" instead of empty text',
    rules: ['PROJ-19'],
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if ('projektName' in envelope && envelope.projektName === null) envelope.projektName = 'null';
      }),
  },
  {
    id: 'projcov-contact-texts-transliterated',
    description: 'the contact text fields are stored with umlauts, ß and typographic characters transliterated',
    rules: ['PROJ-62'],
    passive: {
      alsoBreaks: { 'PROJ-119': 'the contact text read back is the transliterated one, not the text written' },
      unseen: {
        'PROJ-62':
          'the texts are taken (200); the transliteration shows only in the next read, which the passive judge charges to the read-back rule (PROJ-119), reading PROJ-62 by the answer to the write',
      },
    },
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
  {
    ...refuseValue('projcov-email-plus-refused', 'PROJ-59', 'email', '`email` with a "+" in the local part answers 422', (v) => typeof v === 'string' && v.includes('+')),
    passive: validAloneRefused('`email`'),
  },
  deletionIgnored('PROJ-60', 'email'),
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
  // ---- postal codes -----------------------------------------------------------------------------
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
    passive: invalidTaken('`projektPostleitzahl` empty or null'),
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
    ...rewriteValue('projcov-plz-six-digits-cut', 'PROJ-65', 'plz', '`plz` with more than five digits is cut to five and accepted', (v) => (typeof v === 'string' && /^\d{6,}$/.test(v) ? v.slice(0, 5) : typeof v === 'number' && v > 99999 ? Number(String(v).slice(0, 5)) : v)),
    passive: invalidTaken('a `plz` of six digits'),
  },
  {
    id: 'proj-plz-leading-zero-lost',
    description: 'the contact plz is stored as a number, so leading zeros are lost',
    rules: ['PROJ-66'],
    passive: { alsoBreaks: { 'PROJ-65': 'a four-digit `plz` with a leading zero loses it, becomes three digits and is refused 422' } },
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (typeof envelope.plz === 'string' && /^0\d+$/.test(envelope.plz)) envelope.plz = String(Number(envelope.plz));
      }),
  },
  deletionIgnored('PROJ-67', 'plz'),
  // ---- codes ------------------------------------------------------------------------------------
  ...codeFields.flatMap(({ field, codes, top, strings, deletion }): Fault[] => [
    refuseValue(`projcov-${field}-top-code-refused`, codes, field, `\`${field}\` refuses its highest code ${top}`, codeValue(top)),
    refuseValue(`projcov-${field}-string-refused`, strings, field, `\`${field}\` refuses the code as a numeric string`, (v) => typeof v === 'string' && v !== ''),
    deletionIgnored(deletion, field),
  ]),
  {
    id: 'proj-holzart-outside-set-accepted',
    description: 'projektWaermeerzeugerHolzArt accepts 1600 (mapped to 1550) although it is not a listed code',
    rules: ['PROJ-56'],
    passive: invalidTaken('`projektWaermeerzeugerHolzArt` 1600'),
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (numeric(envelope.projektWaermeerzeugerHolzArt) === 1600) envelope.projektWaermeerzeugerHolzArt = 1550;
      }),
  },
  refuseValue('projcov-projektWaermeerzeugerHolzArt-string-refused', 'PROJ-57', 'projektWaermeerzeugerHolzArt', '`projektWaermeerzeugerHolzArt` refuses the code as a numeric string', (v) => typeof v === 'string' && v !== ''),
  deletionIgnored('PROJ-58', 'projektWaermeerzeugerHolzArt'),
  // ---- numbers ----------------------------------------------------------------------------------
  {
    id: 'proj-residents-10001-accepted',
    description: 'projektBewohner 10001 is accepted (clamped to 10000) instead of answering 422',
    rules: ['PROJ-31'],
    passive: { alsoBreaks: { ...invalidTaken('`projektBewohner` 10001').alsoBreaks, 'PROJ-32': 'the checks send 10001 as a numeric string too, which the field checks "by the same rule"' } },
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        if (numeric(envelope.projektBewohner) === 10001) envelope.projektBewohner = 10000;
      }),
  },
  {
    id: 'proj-residents-fraction-rounded',
    description: 'a non-integer projektBewohner is rounded instead of answering 422',
    rules: ['PROJ-31'],
    passive: { alsoBreaks: { ...invalidTaken('a `projektBewohner` with a fraction').alsoBreaks, 'PROJ-32': 'the checks send the fraction as a numeric string too, which the field checks "by the same rule"' } },
    configure: (deps) =>
      onEnvelope(deps, (envelope) => {
        const n = numeric(envelope.projektBewohner);
        if (n !== undefined && !Number.isInteger(n)) envelope.projektBewohner = Math.round(n);
      }),
  },
  deletionIgnored('PROJ-33', 'projektBewohner'),
  ...numericFields.flatMap((f): Fault[] => [
    { ...rewriteValue(`projcov-${f.field}-clamped`, f.range, f.field, `\`${f.field}\` above ${f.max} is stored as ${f.max} instead of 422`, clampAbove(f.max)), passive: invalidTaken(`\`${f.field}\` above ${f.max}`) },
    ...('strings' in f ? [{ ...refuseValue(`projcov-${f.field}-string-refused`, f.strings, f.field, `\`${f.field}\` refuses numeric strings`, (v) => typeof v === 'string' && v !== ''), passive: validAloneRefused(`\`${f.field}\` as a numeric string`) }] : []),
    deletionIgnored(f.deletion, f.field),
  ]),
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
    id: 'projcov-decimal-read-back-truncated',
    description: 'decimal numbers read back without their fraction (12.5 as 12)',
    rules: ['PROJ-119'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      for (const [name, value] of Object.entries(data)) {
        if ((typeof value === 'string' && /^\d+\.\d+$/.test(value)) || (typeof value === 'number' && !Number.isInteger(value))) data[name] = String(Math.trunc(Number(value)));
      }
    }, patchOrDetail)),
  },
  // ---- flags ------------------------------------------------------------------------------------
  rewriteValue('projcov-holz-flag-on-stored-empty', 'PROJ-51', 'projektWaermeerzeugerHolzStatus', '`projektWaermeerzeugerHolzStatus` sent as true/"on"/1 is stored as empty', (v) => (v === true || v === 'on' || v === 1 || v === '1' ? '' : v)),
  rewriteValue('projcov-flag-other-values-off', 'PROJ-69', 'projektWaermeerzeugerSolarStatus', 'a solar flag value outside the listed ones is stored as empty instead of 422', (v) => (['yes', 2, -1, 'an'].includes(v as never) ? '' : v)),
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
];
