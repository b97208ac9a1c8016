import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expect422 } from '../../test/support/field-rejection.js';
import { ApiError } from '../http/api-error.js';
import {
  PROJECT_FIELDS,
  applyProjectChanges,
  parseEmptyCreateBody,
  parsePasswordBody,
  parseProjectWrite,
  projectDataOut,
} from './project-fields.js';

const TEXT_FIELDS = ['projektName', 'anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'ort', 'telefon', 'bemerkungen'];
const FLAG_FIELDS = ['projektWaermeerzeugerSolarStatus', 'projektWaermeerzeugerHolzStatus'];
const CODE_FIELDS: Record<string, number[]> = {
  projektArtHeizung: [1, 2, 3, 4, 5, 6],
  projektAlterHeizung: [1, 2, 3],
  projektTrinkwasser: [1, 2, 3],
  projektWaermeerzeugerSolarArt: [1, 2],
  projektWaermeerzeugerHolzArt: [1500, 1550, 1800, 2000, 2200, 2201],
};
const NUMBER_FIELDS: Record<string, { min: number; max: number; integer: boolean }> = {
  projektBewohner: { min: 0, max: 10000, integer: true },
  projektJahresverbrauch: { min: 0, max: 1000000000, integer: false },
  projektBaujahr: { min: 1000, max: 2100, integer: true },
  projektKollektorflaecheSolar: { min: 0, max: 1000000, integer: false },
  projektJahresverbrauchHolz: { min: 0, max: 1000000, integer: false },
};
const FLAG_ON_FORMS = [true, 'on', 1, '1', 'true'] as const;
const FLAG_OFF_FORMS = [false, 'off', 0, '0', 'false', '', null] as const;

const write = (fields: Record<string, unknown>) => parseProjectWrite({ projectData: fields });
const one = (field: string, value: unknown): string | undefined => write({ [field]: value })[field];

describe('PROJECT_FIELDS', () => {
  it('lists the released fields in the order of the spec table', () => {
    expect(PROJECT_FIELDS).toEqual([
      'projektName',
      'projektPostleitzahl',
      'projektArtHeizung',
      'projektAlterHeizung',
      'projektBewohner',
      'projektJahresverbrauch',
      'projektBaujahr',
      'projektTrinkwasser',
      'projektWaermeerzeugerSolarStatus',
      'projektWaermeerzeugerSolarArt',
      'projektKollektorflaecheSolar',
      'projektWaermeerzeugerHolzStatus',
      'projektJahresverbrauchHolz',
      'projektWaermeerzeugerHolzArt',
      'email',
      ...TEXT_FIELDS.slice(1),
      'plz',
    ]);
  });
});

describe('project write body: envelope', () => {
  it.each<[string, unknown, string]>([
    ['omitted body', undefined, 'projectData'],
    ['null body', null, 'projectData'],
    ['array body', [], 'projectData'],
    ['string body', 'projectData', 'projectData'],
    ['number body', 1, 'projectData'],
    ['empty object', {}, 'projectData'],
    ['both envelopes', { projectData: { projektName: 'a' }, projektData: { projektName: 'b' } }, 'projectData'],
    ['both envelopes with invalid contents', { projectData: { x: 1 }, projektData: [] }, 'projectData'],
    ['other top-level key only', { data: { projektName: 'a' } }, 'data'],
    ['other top-level key next to the envelope', { projectData: { projektName: 'a' }, extra: 1 }, 'extra'],
    ['fields without envelope', { projektName: 'a' }, 'projektName'],
    ['projectData null', { projectData: null }, 'projectData'],
    ['projectData array', { projectData: [{ projektName: 'a' }] }, 'projectData'],
    ['projectData string', { projectData: 'projektName=a' }, 'projectData'],
    ['projektData number', { projektData: 5 }, 'projektData'],
    ['empty projectData', { projectData: {} }, 'projectData'],
    ['empty projektData', { projektData: {} }, 'projektData'],
    ['unknown field', { projectData: { projektFoo: 1 } }, 'projektFoo'],
    ['unknown field next to an invalid one', { projectData: { projektBewohner: 'x', foo: 1 } }, 'foo'],
    ['room field in a project', { projectData: { raumBezeichnung: 'Wohnen' } }, 'raumBezeichnung'],
    ['header field in a project', { projektData: { key: 'abcdefghi' } }, 'key'],
    ['__proto__ as field', JSON.parse('{"projectData":{"__proto__":{"projektName":"a"}}}'), '__proto__'],
    ['constructor as field', { projectData: { constructor: 'a' } }, 'constructor'],
    ['__proto__ as top-level key', JSON.parse('{"__proto__":{}}'), '__proto__'],
  ])('%s gives 422 naming %s', (_case, body, field) => {
    expect422(() => parseProjectWrite(body), field);
  });

  it('accepts the compatible envelope projektData like projectData', () => {
    const body = { projektName: 'Haus', projektBewohner: '4' };
    expect(parseProjectWrite({ projektData: body })).toEqual(parseProjectWrite({ projectData: body }));
  });
});

describe('project write body: field values', () => {
  const cases = (fields: readonly string[], values: readonly unknown[]): [string, unknown][] =>
    fields.flatMap((field) => values.map((value): [string, unknown] => [field, value]));
  const matrix: [string, unknown][] = [
    ...cases(PROJECT_FIELDS, [[], ['1'], {}, { value: '1' }]),
    ...cases(TEXT_FIELDS, [true, false, 'a\u0000b', '\u0000', Number.NaN, Number.POSITIVE_INFINITY]),
    ...cases(['email'], [5, 0, true, 'a\u0000@b.de']),
    ...cases(
      ['projektPostleitzahl'],
      ['', null, 10178, '26757', '27498', '00000', '99999', '1017', '101789', ' 10178', '10178 ', 'abcde', true],
    ),
    ...Object.entries(CODE_FIELDS).flatMap(([field, allowed]) => {
      const next = Math.max(...allowed) + 1;
      return cases([field], [0, next, String(next), `${next}e0`, -1, '-1', 1.5, '1.5', '15e-1', '0x1', 'x', ' ', 'e1', true, false]);
    }),
    ...cases(['projektWaermeerzeugerHolzArt'], [1501, '2100']),
    ...Object.entries(NUMBER_FIELDS).flatMap(([field, { min, max }]) =>
      cases(
        [field],
        [
          min - 1,
          max + 1,
          String(max + 1),
          `${max},5`,
          `${max / 10}.1e1`,
          '1e400',
          '-1e400',
          'e3',
          '1e',
          '1e3.5',
          '.',
          ',',
          '0x10',
          '0b1',
          '0o7',
          'Infinity',
          'NaN',
          '++5',
          '1.000,5',
          '3 4',
          ' ',
          'abc',
          `${'0'.repeat(32)}1`,
          true,
          false,
          Number.POSITIVE_INFINITY,
          Number.NaN,
        ],
      ),
    ),
    ...cases(['projektBewohner', 'projektBaujahr'], [1970.5, '1970,5', '1970.5', '3,5']),
    ...cases(['projektJahresverbrauch'], [-0.1, '-0,1', -5e-324]),
    ...cases(FLAG_FIELDS, ['yes', 'no', 'ON', 'On', 'True', 'FALSE', 'an', ' on', 'on ', 2, -1, 0.5, '01']),
    ...cases(
      ['plz'],
      ['123', '123456', 'abcd', '12 34', ' 1234', '1234 ', '-1234', '1234.0', 999, 100000, -1234, 1234.5, true, false],
    ),
  ];

  it.each(matrix)('%s = %j gives 422 naming the field', (field, value) => {
    expect422(() => write({ [field]: value }), field);
    expect422(() => parseProjectWrite({ projektData: { projektName: 'ok', [field]: value } }), field);
  });

  it.each<[string, unknown, string]>([
    ['projektName', 'Haus  Meier ', 'Haus  Meier '],
    ['projektName', 12.5, '12.5'],
    ['projektName', 0, '0'],
    ['projektName', -0, '0'],
    ['projektName', 1e21, '1e+21'],
    ['projektName', null, ''],
    ['projektName', '', ''],
    ['hausnummer', 12, '12'],
    ['telefon', '+49 30 123', '+49 30 123'],
    ['bemerkungen', 'Zeile 1\nZeile 2 äöü 😀', 'Zeile 1\nZeile 2 äöü 😀'],
    ['email', 'kunde@example.org', 'kunde@example.org'],
    ['email', 'not an address', 'not an address'],
    ['email', '', ''],
    ['email', null, ''],
    ['projektPostleitzahl', '10178', '10178'],
    ['projektPostleitzahl', '80939', '80939'],
    ['projektPostleitzahl', '01067', '01067'],
    ['projektArtHeizung', 3, '3'],
    ['projektArtHeizung', '3', '3'],
    ['projektArtHeizung', ' 3 ', '3'],
    ['projektArtHeizung', '03', '3'],
    ['projektArtHeizung', '', ''],
    ['projektArtHeizung', null, ''],
    ['projektAlterHeizung', 1, '1'],
    ['projektTrinkwasser', '2', '2'],
    ['projektWaermeerzeugerSolarArt', 2, '2'],
    ['projektWaermeerzeugerHolzArt', 2201, '2201'],
    ['projektWaermeerzeugerHolzArt', '1550', '1550'],
    ['projektBewohner', 3, '3'],
    ['projektBewohner', '3,0', '3'],
    ['projektBewohner', '3.00', '3'],
    ['projektBewohner', '3e0', '3'],
    ['projektBewohner', '+5', '5'],
    ['projektBewohner', '3,', '3'],
    ['projektBewohner', '1E3', '1000'],
    ['projektBewohner', '0.5e1', '5'],
    ['projektBaujahr', '1.975e3', '1975'],
    ['projektBaujahr', '19750E-1', '1975'],
    ['projektJahresverbrauch', '.5', '0.5'],
    ['projektJahresverbrauch', ',5', '0.5'],
    ['projektJahresverbrauch', '4,5e1', '45'],
    ['projektJahresverbrauch', '1e-7', '0.0000001'],
    ['projektKollektorflaecheSolar', '1E+6', '1000000'],
    ['projektArtHeizung', '3.0', '3'],
    ['projektArtHeizung', '3e0', '3'],
    ['projektWaermeerzeugerHolzArt', '1.5e3', '1500'],
    ['projektBewohner', ' 4 ', '4'],
    ['projektBewohner', '0', '0'],
    ['projektBewohner', '-0', '0'],
    ['projektBewohner', 10000, '10000'],
    ['projektBewohner', '', ''],
    ['projektBewohner', null, ''],
    ['projektJahresverbrauch', '1234,5', '1234.5'],
    ['projektJahresverbrauch', '1234.50', '1234.5'],
    ['projektJahresverbrauch', '0001234', '1234'],
    ['projektJahresverbrauch', 1e9, '1000000000'],
    ['projektJahresverbrauch', '0,0000001', '0.0000001'],
    ['projektJahresverbrauch', 1.5e-7, '0.00000015'],
    // "number 0 to 1000000": tiny JSON numbers too; stored in exponent form where plain text passes 32 characters.
    ['projektKollektorflaecheSolar', 1e-31, '1e-31'],
    ['projektJahresverbrauch', 5e-324, '5e-324'],
    ['projektJahresverbrauchHolz', 1.2345678901234568e-16, '1.2345678901234568e-16'],
    ['projektJahresverbrauchHolz', '1,5e-31', '1.5e-31'],
    ['projektJahresverbrauch', `${'0'.repeat(30)}12`, '12'],
    ['projektBaujahr', '1970', '1970'],
    ['projektBaujahr', 1000, '1000'],
    ['projektBaujahr', '2100,0', '2100'],
    ['projektKollektorflaecheSolar', '12,75', '12.75'],
    ['projektKollektorflaecheSolar', 1000000, '1000000'],
    ['projektJahresverbrauchHolz', 0.5, '0.5'],
    ...FLAG_FIELDS.flatMap((field) => [
      ...FLAG_ON_FORMS.map((value): [string, unknown, string] => [field, value, 'on']),
      ...FLAG_OFF_FORMS.map((value): [string, unknown, string] => [field, value, '']),
    ]),
    ['plz', '01067', '01067'],
    ['plz', '1234', '1234'],
    ['plz', 1234, '1234'],
    ['plz', 99999, '99999'],
    ['plz', '', ''],
    ['plz', null, ''],
  ])('%s = %j is stored as %j', (field, value, expected) => {
    expect(write({ [field]: value })).toEqual({ [field]: expected });
  });

  it('returns only the sent fields', () => {
    expect(write({ projektName: 'A', projektBewohner: '2', plz: null })).toEqual({
      projektName: 'A',
      projektBewohner: '2',
      plz: '',
    });
  });

  it('treats undefined (not expressible in JSON) as not sent', () => {
    expect(write({ projektName: 'A', ort: undefined })).toEqual({ projektName: 'A' });
    expect422(() => write({ ort: undefined }), 'projectData');
  });
});

describe('stored project data', () => {
  it('applies changes into a new object and deletes fields changed to empty', () => {
    const stored = { projektName: 'Alt', ort: 'Berlin', plz: '10178' };
    const next = applyProjectChanges(stored, { projektName: 'Neu', ort: '', projektBewohner: '3' });
    expect(next).toEqual({ projektName: 'Neu', plz: '10178', projektBewohner: '3' });
    expect(stored).toEqual({ projektName: 'Alt', ort: 'Berlin', plz: '10178' });
  });

  it('outputs every released field in table order, empty when not set', () => {
    const out = projectDataOut({ projektName: 'Haus', projektWaermeerzeugerSolarStatus: 'on' });
    expect(Object.keys(out)).toEqual(PROJECT_FIELDS);
    expect(out.projektName).toBe('Haus');
    expect(out.projektWaermeerzeugerSolarStatus).toBe('on');
    expect(out.projektBewohner).toBe('');
    expect(projectDataOut({})).toEqual(Object.fromEntries(PROJECT_FIELDS.map((field) => [field, ''])));
  });
});

describe('password body', () => {
  it.each<[string, unknown, string]>([
    ['omitted body', undefined, 'newPassword'],
    ['null body', null, 'newPassword'],
    ['array body', ['a'.repeat(12)], 'newPassword'],
    ['string body', 'a'.repeat(12), 'newPassword'],
    ['missing newPassword', {}, 'newPassword'],
    ['null newPassword', { newPassword: null }, 'newPassword'],
    ['number newPassword', { newPassword: 123456789012 }, 'newPassword'],
    ['11 characters', { newPassword: 'a'.repeat(11) }, 'newPassword'],
    ['11 characters in 22 UTF-16 units', { newPassword: '😀'.repeat(11) }, 'newPassword'],
    ['257 characters', { newPassword: 'a'.repeat(257) }, 'newPassword'],
    ['other field next to newPassword', { newPassword: 'a'.repeat(12), password: 'x' }, 'password'],
    ['other field instead of newPassword', { password: 'a'.repeat(12) }, 'password'],
    ['projectKey in body', { newPassword: 'a'.repeat(12), projectKey: 'abcdefghi' }, 'projectKey'],
  ])('%s gives 422 naming %s', (_case, body, field) => {
    expect422(() => parsePasswordBody(body), field);
  });

  it.each(['a'.repeat(12), 'a'.repeat(256), '😀'.repeat(12), '😀'.repeat(256), ' sehr geheim 1 '])(
    'accepts %j unchanged',
    (password) => {
      expect(parsePasswordBody({ newPassword: password })).toBe(password);
    },
  );
});

describe('create body of POST /reports', () => {
  it.each([undefined, {}])('accepts %j', (body) => {
    expect(() => parseEmptyCreateBody(body)).not.toThrow();
  });

  it.each<[string, unknown, string | undefined]>([
    ['a property', { projectData: { projektName: 'a' } }, 'projectData'],
    ['an unknown property', { foo: 1 }, 'foo'],
    ['null', null, undefined],
    ['an array', [], undefined],
    ['a string', '', undefined],
    ['a number', 0, undefined],
  ])('rejects %s with 422', (_case, body, field) => {
    expect422(() => parseEmptyCreateBody(body), field);
  });
});

describe('properties', () => {
  const scalar = fc.oneof(
    fc.string(),
    fc.stringMatching(/^\s?-?\d{1,12}(?:[.,]\d{0,6})?\s?$/),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('', 'on', 'off', 'true', 'false', '10178', '26757', '01067'),
  );
  const value = fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: fc.anything() });
  const releasedFields = fc.dictionary(fc.constantFrom(...PROJECT_FIELDS), value, { minKeys: 0, maxKeys: 6 });
  const fieldBody = fc.oneof(
    releasedFields.map((fields) => ({ projectData: fields })),
    releasedFields.map((fields) => ({ projektData: fields })),
    fc.tuple(releasedFields, releasedFields).map(([a, b]) => ({ projectData: a, projektData: b })),
    fc
      .tuple(releasedFields, fc.dictionary(fc.string(), value, { maxKeys: 2 }))
      .map(([fields, extra]) => ({ projectData: { ...extra, ...fields } })),
  );
  const anyBody = fc.oneof(
    fc.anything(),
    fc.object(),
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom('projectData', 'projektData', 'newPassword', 'x'), fc.anything()),
  );

  /** Runs the parser; a rejection must be a 422 validation error naming a field. */
  function outcome<T>(parse: () => T, fieldRequired: boolean): T | ApiError {
    try {
      return parse();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(422);
      expect(apiError.details.type).toBe('validation');
      if (fieldRequired) expect(typeof apiError.details.field).toBe('string');
      return apiError;
    }
  }

  it('(a) random bodies only ever give ApiError 422', () => {
    fc.assert(
      fc.property(anyBody, (body) => {
        const changes = outcome(() => parseProjectWrite(body), true);
        if (!(changes instanceof ApiError)) {
          for (const [field, normalized] of Object.entries(changes)) {
            expect(PROJECT_FIELDS).toContain(field);
            expect(typeof normalized).toBe('string');
          }
        }
        outcome(() => parsePasswordBody(body), true);
        outcome(() => parseEmptyCreateBody(body), false);
      }),
      { numRuns: 500 },
    );
  });

  it('(a) bodies of released fields give normalized strings or a 422 naming a sent key', () => {
    fc.assert(
      fc.property(fieldBody, (body) => {
        const changes = outcome(() => parseProjectWrite(body), true);
        if (changes instanceof ApiError) {
          const sentKeys = Object.values(body).flatMap((fields) => Object.keys(fields));
          expect(['projectData', 'projektData', ...sentKeys]).toContain(changes.details.field);
          return;
        }
        for (const [field, normalized] of Object.entries(changes)) {
          expect(PROJECT_FIELDS).toContain(field);
          expect(typeof normalized).toBe('string');
          expect(normalized).not.toContain('\u0000');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('(b) accepted changes are a fixed point: sending them again reads the same', () => {
    fc.assert(
      fc.property(fieldBody, (body) => {
        const changes = outcome(() => parseProjectWrite(body), true);
        if (changes instanceof ApiError) return;
        expect(write(changes)).toEqual(changes);
      }),
      { numRuns: 1000 },
    );
  });

  it('(b) any integer 0..10000 for projektBewohner reads back as String(n) in every accepted form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (n) => {
        for (const form of [n, String(n), `${n},0`, `${n}.0`, ` ${n} `, `00${n}`]) {
          expect(one('projektBewohner', form)).toBe(String(n));
        }
      }),
    );
  });

  it('(b) integers outside 0..10000 and non-integers are rejected for projektBewohner', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 10001 }), fc.double({ min: 0, max: 10000, noInteger: true })),
        (n) => {
          expect422(() => one('projektBewohner', n), 'projektBewohner');
          expect422(() => one('projektBewohner', String(n).replace('.', ',')), 'projektBewohner');
        },
      ),
    );
  });

  it('(b) any number in range reads back as the same number, in plain decimal text up to 32 characters, else in exponent form', () => {
    const fieldAndNumber = fc
      .constantFrom(...Object.entries(NUMBER_FIELDS))
      .chain(([field, { min, max, integer }]) =>
        fc.tuple(
          fc.constant(field),
          integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
        ),
      );
    fc.assert(
      fc.property(fieldAndNumber, ([field, n]) => {
        const result = outcome(() => write({ [field]: n }), true);
        if (result instanceof ApiError) throw result;
        const normalized = result[field] ?? '';
        expect(normalized).toMatch(/^\d+(?:\.\d+)?$|^\d(?:\.\d+)?e-\d+$/);
        // Exponent form only where plain text would pass 32 characters: "0." and 13 zeros leave 17 digits.
        if (normalized.includes('e')) expect(n).toBeLessThan(1e-14);
        expect(normalized.length).toBeLessThanOrEqual(32);
        expect(Number(normalized)).toBe(n === 0 ? 0 : n);
        expect(one(field, normalized.replace('.', ','))).toBe(normalized);
      }),
    );
  });

  it('(b) every truthy flag form reads on, every falsy form reads empty', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FLAG_FIELDS),
        fc.constantFrom(...FLAG_ON_FORMS),
        fc.constantFrom(...FLAG_OFF_FORMS),
        (field, on, off) => {
          expect(one(field, on)).toBe('on');
          expect(one(field, off)).toBe('');
        },
      ),
    );
  });

  it('(b) every allowed code reads back as its decimal text, as number or padded string', () => {
    const fieldAndCode = fc
      .constantFrom(...Object.entries(CODE_FIELDS))
      .chain(([field, allowed]) => fc.tuple(fc.constant(field), fc.constantFrom(...allowed)));
    fc.assert(
      fc.property(fieldAndCode, ([field, code]) => {
        for (const form of [code, String(code), ` ${code}`, `0${code}`]) expect(one(field, form)).toBe(String(code));
      }),
    );
  });

  it('(b) text without NUL is kept exactly as sent; numbers become their text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEXT_FIELDS),
        fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (field, textValue, n) => {
          expect(one(field, textValue)).toBe(textValue);
          expect(one(field, n)).toBe(String(n));
        },
      ),
    );
  });

  it('(b) contact plz: 4 or 5 digits are kept as sent, leading zeros included', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,5}$/), (plz) => {
        expect(one('plz', plz)).toBe(plz);
      }),
    );
  });
});
