import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expect422, rejection } from '../../test/support/field-rejection.js';
import { ApiError } from '../http/api-error.js';
import {
  FLOORS,
  ROOM_INPUT_FIELDS,
  parseRoomCreate,
  parseRoomPatch,
  roomDataOut,
  type StoredRoomData,
} from './room-fields.js';

const NUMERIC_FIELDS = ['raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur'];
const INTEGER_FIELDS: Record<string, number[]> = {
  raumEtage: [0, 1, 2, 3, 4, 5, 6, 7],
  raumTemperatur: [7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26],
};
const DECIMAL_FIELDS: Record<string, number> = { raumFlaeche: 100000, raumHoehe: 100 };
const OUTPUT_ONLY_FIELDS = ['raumBaujahr', 'raumEtageBezeichnung', 'raumEtageKuerzel', 'id', 'projectKey'];
const FLOOR_TABLE: [number, string, string][] = [
  [0, 'Keller', 'KG'],
  [1, 'Erdgeschoss', 'EG'],
  [2, '1. Obergeschoss', '1. OG'],
  [3, '2. Obergeschoss', '2. OG'],
  [4, '3. Obergeschoss', '3. OG'],
  [5, '4. Obergeschoss', '4. OG'],
  [6, '5. Obergeschoss', '5. OG'],
  [7, 'Dachgeschoss', 'DG'],
];
const STORED: StoredRoomData = {
  raumBezeichnung: 'Wohnen',
  raumEtage: '1',
  raumFlaeche: '',
  raumHoehe: '2.5',
  raumTemperatur: '20',
  raumNotiz: '',
};

const create = (fields: Record<string, unknown>) => parseRoomCreate({ roomData: { raumBezeichnung: 'Raum', ...fields } });
const patch = (fields: Record<string, unknown>) => parseRoomPatch({ roomData: fields });
const one = (field: string, value: unknown): string | undefined => patch({ [field]: value })[field as keyof StoredRoomData];

describe('ROOM_INPUT_FIELDS and FLOORS', () => {
  it('lists the writable fields in the order of the spec table', () => {
    expect(ROOM_INPUT_FIELDS).toEqual(['raumBezeichnung', 'raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur', 'raumNotiz']);
    expect(Object.isFrozen(ROOM_INPUT_FIELDS)).toBe(true);
  });

  it('is the floor id table of the spec', () => {
    expect(Object.keys(FLOORS)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    for (const [id, bezeichnung, kuerzel] of FLOOR_TABLE) expect(FLOORS[id]).toEqual({ bezeichnung, kuerzel });
    expect(Object.isFrozen(FLOORS)).toBe(true);
    expect(Object.isFrozen(FLOORS[0])).toBe(true);
  });
});

describe('room write body: envelope', () => {
  it.each<[string, unknown, string]>([
    ['omitted body', undefined, 'roomData'],
    ['null body', null, 'roomData'],
    ['array body', [{ roomData: { raumBezeichnung: 'a' } }], 'roomData'],
    ['string body', 'roomData', 'roomData'],
    ['number body', 1, 'roomData'],
    ['boolean body', true, 'roomData'],
    ['class instance body', new Date(0), 'roomData'],
    ['empty object', {}, 'roomData'],
    ['roomData null', { roomData: null }, 'roomData'],
    ['roomData array', { roomData: [{ raumBezeichnung: 'a' }] }, 'roomData'],
    ['roomData string', { roomData: 'raumBezeichnung=a' }, 'roomData'],
    ['roomData number', { roomData: 5 }, 'roomData'],
    ['roomData boolean', { roomData: true }, 'roomData'],
    ['roomData class instance', { roomData: new Map([['raumBezeichnung', 'a']]) }, 'roomData'],
    ['other top-level key only', { data: { raumBezeichnung: 'a' } }, 'data'],
    ['other top-level key next to roomData', { roomData: { raumBezeichnung: 'a', raumEtage: 2 }, extra: 1 }, 'extra'],
    ['other top-level key next to invalid roomData', { roomData: [], extra: 1 }, 'extra'],
    ['the whole room object', { id: 'r1', projectKey: 'abcdefghi', roomData: { raumBezeichnung: 'a' } }, 'id'],
    ['projectKey at top level', { projectKey: 'abcdefghi', roomData: { raumBezeichnung: 'a' } }, 'projectKey'],
    ['fields without envelope', { raumBezeichnung: 'a' }, 'raumBezeichnung'],
    ['project envelope', { projectData: { raumBezeichnung: 'a' } }, 'projectData'],
    ['unknown field', { roomData: { raumBezeichnung: 'a', raumFoo: 1 } }, 'raumFoo'],
    ['unknown field next to an invalid one', { roomData: { raumEtage: 'x', foo: 1 } }, 'foo'],
    ['field in other case', { roomData: { raumBezeichnung: 'a', RaumEtage: 1 } }, 'RaumEtage'],
    ['project field in a room', { roomData: { raumBezeichnung: 'a', projektName: 'x' } }, 'projektName'],
    ...OUTPUT_ONLY_FIELDS.map((field): [string, unknown, string] => [
      `read-only ${field} in roomData`,
      { roomData: { raumBezeichnung: 'a', [field]: '1' } },
      field,
    ]),
    ['read-only raumBaujahr as empty', { roomData: { raumBezeichnung: 'a', raumBaujahr: '' } }, 'raumBaujahr'],
    ['U-values', { roomData: { raumBezeichnung: 'a', uWerte: [] } }, 'uWerte'],
    ['__proto__ as field', JSON.parse('{"roomData":{"raumBezeichnung":"a","__proto__":{"raumEtage":2}}}'), '__proto__'],
    ['constructor as field', { roomData: { raumBezeichnung: 'a', constructor: 'a' } }, 'constructor'],
    ['__proto__ as top-level key', JSON.parse('{"roomData":{"raumBezeichnung":"a"},"__proto__":{}}'), '__proto__'],
  ])('%s gives 422 naming %s (create and patch)', (_case, body, field) => {
    expect422(() => parseRoomCreate(body), field);
    expect422(() => parseRoomPatch(body), field);
  });

  it.each<[string, unknown]>([
    ['empty roomData', { roomData: {} }],
    ['roomData of only undefined values', { roomData: { raumNotiz: undefined } }],
  ])('%s: creation misses raumBezeichnung, a patch misses any field', (_case, body) => {
    expect422(() => parseRoomCreate(body), 'raumBezeichnung');
    expect422(() => parseRoomPatch(body), 'roomData');
  });

  it('requires raumBezeichnung at creation even when other fields are sent', () => {
    expect422(() => parseRoomCreate({ roomData: { raumEtage: 2, raumFlaeche: '12,5' } }), 'raumBezeichnung');
    expect422(() => parseRoomCreate({ roomData: { raumBezeichnung: undefined, raumEtage: 2 } }), 'raumBezeichnung');
  });

  it('names the read-only field as not writable and an unknown one as unknown', () => {
    expect(rejection(() => patch({ raumBaujahr: '1970' })).message).toMatch(/schreibgeschützt/);
    expect(rejection(() => patch({ raumFoo: '1' })).message).toMatch(/Unbekanntes Feld raumFoo/);
  });
});

describe('room write body: field values', () => {
  const cases = (fields: readonly string[], values: readonly unknown[]): [string, unknown][] =>
    fields.flatMap((field) => values.map((value): [string, unknown] => [field, value]));
  const matrix: [string, unknown][] = [
    // Only scalars; booleans are no numbers (and no text) here.
    ...cases(ROOM_INPUT_FIELDS, [[], ['1'], {}, { value: '1' }, true, false, Number.NaN, Number.POSITIVE_INFINITY]),
    // raumBezeichnung: 1..120 characters after trimming, never empty, no NUL.
    ...cases(
      ['raumBezeichnung'],
      ['', null, ' ', '\t\n', '\u00a0', 'a'.repeat(121), ` ${'b'.repeat(121)} `, '😀'.repeat(121), 'a\u0000b', '\u0000'],
    ),
    // raumNotiz: at most 255 characters, no NUL.
    ...cases(['raumNotiz'], ['a'.repeat(256), '😀'.repeat(256), ` ${'a'.repeat(255)}`, 'a\u0000b']),
    // Every numeric field: finite decimal forms only (no hex, Infinity/NaN text, thousands separators), 32 characters.
    ...cases(NUMERIC_FIELDS, [
      'e1',
      '1e',
      '1e400',
      '0x1',
      '0b1',
      '++1',
      'Infinity',
      '-Infinity',
      'NaN',
      '.',
      '1.000,5',
      '1 000',
      '3 4',
      ' ',
      'abc',
      '٣',
      `${'0'.repeat(32)}1`,
      ` ${'0'.repeat(31)}1`,
      -1,
      '-1',
    ]),
    // Floor and temperature have no deletion and are integers in any form.
    // The decimal comma is the spec's for area and height only.
    ...cases(Object.keys(INTEGER_FIELDS), ['', null, '1,0', '20,0', 1.5, 20.5, '20.5', '20,5', '205e-1', '1,']),
    ...cases(['raumEtage'], [8, '8', -1, '-1', 100, 1e21, Number.MAX_SAFE_INTEGER + 2]),
    ...cases(['raumTemperatur'], [0, 6, '6', 8, 15, '15', 27, '27', 100, -7, '-7', '07.5', '2.7e1']),
    // Area and height: greater than 0 up to the maximum.
    ...cases(Object.keys(DECIMAL_FIELDS), [0, -0, '0', '0,0', '0.000', '-0,5', -0.5, '1e-400']),
    ...cases(['raumFlaeche'], [100000.01, '100000,01', 100001, '100001', 1e21]),
    ...cases(['raumHoehe'], [100.5, '100,5', '100.0001', 101, '101']),
  ];

  it.each(matrix)('%s = %j gives 422 naming the field (create and patch)', (field, value) => {
    expect422(() => patch({ [field]: value }), field);
    expect422(() => create({ [field]: value }), field);
    // Next to valid fields, sent before them.
    const valid: Record<string, unknown> = { raumBezeichnung: 'Raum', raumEtage: 2, raumNotiz: 'ok' };
    delete valid[field];
    expect422(() => parseRoomCreate({ roomData: { [field]: value, ...valid } }), field);
    expect422(() => parseRoomPatch({ roomData: { [field]: value, ...valid } }), field);
  });

  it.each<[string, unknown, string]>([
    ['raumBezeichnung', 'Wohnen', 'Wohnen'],
    ['raumBezeichnung', '  Wohnen  Essen \n', 'Wohnen  Essen'],
    ['raumBezeichnung', 'a', 'a'],
    ['raumBezeichnung', ` ${'x'.repeat(120)}\t`, 'x'.repeat(120)],
    ['raumBezeichnung', '😀'.repeat(120), '😀'.repeat(120)],
    ['raumBezeichnung', 'Küche äöü ß', 'Küche äöü ß'],
    ['raumBezeichnung', 12, '12'],
    ['raumBezeichnung', 0, '0'],
    ['raumBezeichnung', 12.5, '12.5'],
    ['raumEtage', 0, '0'],
    ['raumEtage', -0, '0'],
    ['raumEtage', 7, '7'],
    ['raumEtage', '3', '3'],
    ['raumEtage', ' 3 ', '3'],
    ['raumEtage', '03', '3'],
    ['raumEtage', `${'0'.repeat(31)}5`, '5'],
    ['raumEtage', 2.0, '2'],
    ['raumEtage', '2.0', '2'],
    ['raumEtage', '2e0', '2'],
    ['raumEtage', '+2', '2'],
    ['raumEtage', '-0', '0'],
    ['raumFlaeche', 12.5, '12.5'],
    ['raumFlaeche', '12,5', '12.5'],
    ['raumFlaeche', '12.50', '12.5'],
    ['raumFlaeche', ' 12,50 ', '12.5'],
    ['raumFlaeche', '0012', '12'],
    ['raumFlaeche', '0,01', '0.01'],
    ['raumFlaeche', 100000, '100000'],
    ['raumFlaeche', '100000,000', '100000'],
    ['raumFlaeche', 1.5e-7, '0.00000015'],
    ['raumFlaeche', '0,0000001', '0.0000001'],
    // "greater than 0": tiny JSON numbers too; stored in exponent form where plain text passes 32 characters.
    ['raumFlaeche', 1e-31, '1e-31'],
    ['raumFlaeche', 5e-324, '5e-324'],
    ['raumHoehe', 1.2345678901234568e-16, '1.2345678901234568e-16'],
    ['raumHoehe', '1e-31', '1e-31'],
    ['raumHoehe', 1e-14, '0.00000000000001'],
    ['raumFlaeche', `${'0'.repeat(30)}12`, '12'],
    ['raumFlaeche', '', ''],
    ['raumFlaeche', null, ''],
    ['raumHoehe', 2.5, '2.5'],
    ['raumHoehe', '2,75', '2.75'],
    ['raumHoehe', '3', '3'],
    ['raumHoehe', 100, '100'],
    ['raumHoehe', '100,0', '100'],
    ['raumHoehe', '2.5e0', '2.5'],
    ['raumHoehe', '25E-1', '2.5'],
    ['raumHoehe', '2,5e0', '2.5'],
    ['raumHoehe', '.5', '0.5'],
    ['raumHoehe', '3.', '3'],
    ['raumHoehe', '+1e2', '100'],
    ['raumHoehe', '', ''],
    ['raumHoehe', null, ''],
    ['raumTemperatur', 7, '7'],
    ['raumTemperatur', '7', '7'],
    ['raumTemperatur', '07', '7'],
    ['raumTemperatur', 16, '16'],
    ['raumTemperatur', '21', '21'],
    ['raumTemperatur', ' 22 ', '22'],
    ['raumTemperatur', 26, '26'],
    ['raumTemperatur', 20.0, '20'],
    ['raumTemperatur', '2.1e1', '21'],
    ['raumTemperatur', '20.0', '20'],
    ['raumNotiz', 'Fenster undicht\nZeile 2 😀', 'Fenster undicht\nZeile 2 😀'],
    ['raumNotiz', '  mit Leerraum  ', '  mit Leerraum  '],
    ['raumNotiz', ' ', ' '],
    ['raumNotiz', 'a'.repeat(255), 'a'.repeat(255)],
    ['raumNotiz', '😀'.repeat(255), '😀'.repeat(255)],
    ['raumNotiz', 42, '42'],
    ['raumNotiz', '', ''],
    ['raumNotiz', null, ''],
  ])('%s = %j is stored as %j', (field, value, expected) => {
    expect(patch({ [field]: value })).toEqual({ [field]: expected });
    expect(create({ [field]: value })[field as keyof StoredRoomData]).toBe(expected);
  });

  it('returns only the sent fields of a patch', () => {
    expect(patch({ raumEtage: '2', raumFlaeche: null, raumNotiz: 'x' })).toEqual({
      raumEtage: '2',
      raumFlaeche: '',
      raumNotiz: 'x',
    });
  });

  it('treats undefined (not expressible in JSON) as not sent', () => {
    expect(patch({ raumEtage: 2, raumNotiz: undefined })).toEqual({ raumEtage: '2' });
    expect(create({ raumEtage: undefined })).toEqual({ ...STORED, raumBezeichnung: 'Raum' });
  });
});

describe('creation defaults', () => {
  it('applies floor 1, height 2.5, temperature 20, empty area and note', () => {
    expect(parseRoomCreate({ roomData: { raumBezeichnung: ' Wohnen ' } })).toEqual(STORED);
  });

  it('returns every input field, in table order', () => {
    expect(Object.keys(parseRoomCreate({ roomData: { raumNotiz: 'n', raumBezeichnung: 'a' } }))).toEqual(ROOM_INPUT_FIELDS);
  });

  it('lets sent values replace the defaults', () => {
    expect(
      parseRoomCreate({
        roomData: { raumBezeichnung: 'Bad', raumEtage: 0, raumFlaeche: '6,5', raumHoehe: '2,4', raumTemperatur: 24, raumNotiz: 'Dusche' },
      }),
    ).toEqual({
      raumBezeichnung: 'Bad',
      raumEtage: '0',
      raumFlaeche: '6.5',
      raumHoehe: '2.4',
      raumTemperatur: '24',
      raumNotiz: 'Dusche',
    });
  });

  it('stores empty, not the default, when area or height are sent empty or null', () => {
    expect(create({ raumHoehe: null }).raumHoehe).toBe('');
    expect(create({ raumHoehe: '' }).raumHoehe).toBe('');
    expect(create({ raumFlaeche: null }).raumFlaeche).toBe('');
  });
});

describe('roomData output', () => {
  it('maps stored data and raumBaujahr in table order, all strings except raumTemperatur', () => {
    const out = roomDataOut({ ...STORED, raumFlaeche: '12.5', raumNotiz: 'n' }, '1970');
    expect(out).toEqual({
      raumBezeichnung: 'Wohnen',
      raumEtage: '1',
      raumFlaeche: '12.5',
      raumHoehe: '2.5',
      raumTemperatur: 20,
      raumNotiz: 'n',
      raumBaujahr: '1970',
      raumEtageBezeichnung: 'Erdgeschoss',
      raumEtageKuerzel: 'EG',
    });
    expect(Object.keys(out)).toEqual([...ROOM_INPUT_FIELDS, 'raumBaujahr', 'raumEtageBezeichnung', 'raumEtageKuerzel']);
  });

  it.each(FLOOR_TABLE)('floor %i is labelled %j / %j', (id, bezeichnung, kuerzel) => {
    const out = roomDataOut({ ...STORED, raumEtage: String(id) }, '');
    expect(out.raumEtage).toBe(String(id));
    expect(out.raumEtageBezeichnung).toBe(bezeichnung);
    expect(out.raumEtageKuerzel).toBe(kuerzel);
  });

  it.each(['', '8', '-1', '01', ' 1', '1.0', 'EG', 'x'])('an unknown or missing floor %j gives empty labels', (raumEtage) => {
    const out = roomDataOut({ ...STORED, raumEtage }, '');
    expect(out.raumEtage).toBe(raumEtage);
    expect(out.raumEtageBezeichnung).toBe('');
    expect(out.raumEtageKuerzel).toBe('');
  });

  it.each([7, 16, 20, 26])('stored temperature %i is output as that JSON number', (n) => {
    expect(roomDataOut({ ...STORED, raumTemperatur: String(n) }, '').raumTemperatur).toBe(n);
  });

  it.each(['', '15', '27', '8', '20.5', '020', ' 20', 'abc'])('a missing or unknown stored temperature %j is output as null', (t) => {
    expect(roomDataOut({ ...STORED, raumTemperatur: t }, '').raumTemperatur).toBeNull();
  });

  it('reads a stored row with missing keys as not set', () => {
    expect(roomDataOut({} as StoredRoomData, '')).toEqual({
      raumBezeichnung: '',
      raumEtage: '',
      raumFlaeche: '',
      raumHoehe: '',
      raumTemperatur: null,
      raumNotiz: '',
      raumBaujahr: '',
      raumEtageBezeichnung: '',
      raumEtageKuerzel: '',
    });
  });

  it('applies a patch on top of stored data and derives the labels from the new floor', () => {
    const stored = { ...STORED, ...patch({ raumEtage: '7', raumHoehe: null }) };
    const out = roomDataOut(stored, '1970');
    expect(out).toMatchObject({ raumEtage: '7', raumHoehe: '', raumEtageBezeichnung: 'Dachgeschoss', raumEtageKuerzel: 'DG' });
  });
});

describe('properties', () => {
  const scalar = fc.oneof(
    fc.string(),
    fc.stringMatching(/^\s?[-+]?\d{1,12}(?:[.,]\d{0,6})?\s?$/),
    fc.double(),
    fc.integer({ min: -5, max: 30 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('', ' ', '7', '20', '2,5', '0', '8', 'Wohnen'),
  );
  const value = fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: fc.anything() });
  const inputFields = fc.dictionary(fc.constantFrom(...ROOM_INPUT_FIELDS), value, { minKeys: 0, maxKeys: 6 });
  const fieldBody = fc.oneof(
    inputFields.map((fields) => ({ roomData: fields })),
    inputFields.map((fields) => ({ roomData: { raumBezeichnung: 'Raum', ...fields } })),
    fc
      .tuple(inputFields, fc.dictionary(fc.constantFrom(...OUTPUT_ONLY_FIELDS, 'x', 'raumetage'), value, { maxKeys: 2 }))
      .map(([fields, extra]) => ({ roomData: { ...extra, ...fields } })),
  );
  const anyBody = fc.oneof(
    fc.anything(),
    fc.object(),
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom('roomData', 'id', 'projectKey', 'x'), fc.anything()),
    fc.record({ roomData: fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...ROOM_INPUT_FIELDS), fc.anything())) }),
  );

  /** Runs the parser; a rejection must be a 422 validation error naming a field. */
  function outcome<T>(parse: () => T): T | ApiError {
    try {
      return parse();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(422);
      expect(apiError.details.type).toBe('validation');
      expect(typeof apiError.details.field).toBe('string');
      return apiError;
    }
  }

  function expectStoredShape(data: Partial<StoredRoomData>): void {
    for (const [field, normalized] of Object.entries(data)) {
      expect(ROOM_INPUT_FIELDS).toContain(field);
      expect(typeof normalized).toBe('string');
      expect(normalized).not.toContain('\u0000');
    }
  }

  it('(a) random bodies only ever give ApiError 422', () => {
    fc.assert(
      fc.property(anyBody, (body) => {
        const created = outcome(() => parseRoomCreate(body));
        if (!(created instanceof ApiError)) {
          expect(Object.keys(created)).toEqual(ROOM_INPUT_FIELDS);
          expectStoredShape(created);
        }
        const changes = outcome(() => parseRoomPatch(body));
        if (!(changes instanceof ApiError)) expectStoredShape(changes);
      }),
      { numRuns: 500 },
    );
  });

  it('(a) bodies of room fields give normalized strings or a 422 naming a sent key', () => {
    fc.assert(
      fc.property(fieldBody, (body) => {
        const sentKeys = ['roomData', 'raumBezeichnung', ...Object.keys(body.roomData)];
        for (const parse of [parseRoomCreate, parseRoomPatch]) {
          const result = outcome(() => parse(body));
          if (result instanceof ApiError) expect(sentKeys).toContain(result.details.field);
          else expectStoredShape(result);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('(b) accepted values are a fixed point: sending them again reads the same', () => {
    fc.assert(
      fc.property(fieldBody, (body) => {
        const changes = outcome(() => parseRoomPatch(body));
        if (!(changes instanceof ApiError)) {
          // Floor and temperature cannot be deleted, so an accepted patch never holds '' for them.
          expect(changes.raumEtage).not.toBe('');
          expect(changes.raumTemperatur).not.toBe('');
          expect(patch(changes)).toEqual(changes);
        }
        const created = outcome(() => parseRoomCreate(body));
        if (!(created instanceof ApiError)) expect(parseRoomCreate({ roomData: created })).toEqual(created);
      }),
      { numRuns: 1000 },
    );
  });

  it('(b) every allowed floor and temperature reads back as String(n) in every accepted form', () => {
    const fieldAndInteger = fc
      .constantFrom(...Object.entries(INTEGER_FIELDS))
      .chain(([field, allowed]) => fc.tuple(fc.constant(field), fc.constantFrom(...allowed)));
    fc.assert(
      fc.property(fieldAndInteger, fc.nat({ max: 20 }), ([field, n], zeros) => {
        for (const form of [n, String(n), ` ${n} `, `${'0'.repeat(zeros)}${n}`]) expect(one(field, form)).toBe(String(n));
        const out = roomDataOut({ ...STORED, ...patch({ [field]: n }) }, '');
        if (field === 'raumTemperatur') expect(out.raumTemperatur).toBe(n);
        else expect(out.raumEtageBezeichnung).toBe(FLOORS[n]?.bezeichnung);
      }),
    );
  });

  it('(b) other integers and every non-integer are rejected for floor and temperature', () => {
    const fieldAndNumber = fc.constantFrom(...Object.entries(INTEGER_FIELDS)).chain(([field, allowed]) =>
      fc.tuple(
        fc.constant(field),
        fc.oneof(
          fc.integer({ min: -1000, max: 1000 }).filter((n) => !allowed.includes(n)),
          fc.double({ min: -100, max: 100, noNaN: true, noInteger: true }),
        ),
      ),
    );
    fc.assert(
      fc.property(fieldAndNumber, ([field, n]) => {
        for (const form of [n, String(n), String(n).replace('.', ',')]) expect422(() => one(field, form), field);
      }),
    );
  });

  it('(b) any area or height in range reads back as the same number, in plain decimal text up to 32 characters, else in exponent form', () => {
    const fieldAndNumber = fc
      .constantFrom(...Object.entries(DECIMAL_FIELDS))
      .chain(([field, max]) => fc.tuple(fc.constant(field), fc.double({ min: Number.MIN_VALUE, max, noNaN: true })));
    fc.assert(
      fc.property(fieldAndNumber, ([field, n]) => {
        const result = outcome(() => patch({ [field]: n }));
        if (result instanceof ApiError) throw result;
        const normalized = result[field as keyof StoredRoomData] ?? '';
        expect(normalized).toMatch(/^\d+(?:\.\d+)?$|^\d(?:\.\d+)?e-\d+$/);
        // Exponent form only where plain text would pass 32 characters: "0." and 13 zeros leave 17 digits.
        if (normalized.includes('e')) expect(n).toBeLessThan(1e-14);
        expect(normalized.length).toBeLessThanOrEqual(32);
        expect(Number(normalized)).toBe(n);
        expect(one(field, normalized.replace('.', ','))).toBe(normalized);
      }),
    );
  });

  it('(b) area and height text with comma or point reads back as its canonical number', () => {
    const decimalText = fc
      .tuple(fc.stringMatching(/^\d{1,5}$/), fc.stringMatching(/^\d{1,6}$/), fc.constantFrom('.', ','))
      .filter(([whole, fraction]) => Number(`${whole}.${fraction}`) > 0);
    fc.assert(
      fc.property(fc.constantFrom(...Object.entries(DECIMAL_FIELDS)), decimalText, ([field, max], [whole, fraction, mark]) => {
        const n = Number(`${whole}.${fraction}`);
        const sent = `${whole}${mark}${fraction}`;
        if (n > max) {
          expect422(() => one(field, sent), field);
          return;
        }
        const normalized = one(field, sent) ?? '';
        expect(Number(normalized)).toBe(n);
        expect(normalized).toBe(String(n));
        expect(one(field, n)).toBe(normalized);
      }),
    );
  });

  it('(b) names without NUL are stored trimmed when 1..120 characters remain, else rejected', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 130 }).filter((s) => !s.includes('\u0000')), (name) => {
        const trimmed = name.trim();
        const length = [...trimmed].length;
        if (length >= 1 && length <= 120) expect(one('raumBezeichnung', name)).toBe(trimmed);
        else expect422(() => one('raumBezeichnung', name), 'raumBezeichnung');
      }),
    );
  });

  it('(b) notes without NUL are kept exactly as sent up to 255 characters, else rejected', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 270 }).filter((s) => !s.includes('\u0000')), (text) => {
        if ([...text].length <= 255) expect(one('raumNotiz', text)).toBe(text);
        else expect422(() => one('raumNotiz', text), 'raumNotiz');
      }),
    );
  });

  it('(b) output of any accepted creation has string values and a numeric temperature', () => {
    fc.assert(
      fc.property(fieldBody, fc.constantFrom('', '1970'), (body, baujahr) => {
        const created = outcome(() => parseRoomCreate(body));
        if (created instanceof ApiError) return;
        const out = roomDataOut(created, baujahr);
        const { raumTemperatur, ...rest } = out;
        expect(typeof raumTemperatur).toBe('number');
        for (const text of Object.values(rest)) expect(typeof text).toBe('string');
        expect(out.raumBaujahr).toBe(baujahr);
        expect(out.raumEtageBezeichnung).not.toBe('');
      }),
    );
  });
});
