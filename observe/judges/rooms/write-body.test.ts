import { describe, expect, it } from 'vitest';
import { iJsonReadingOf } from '../i-json.js';
import { readNumber } from './numeric-text.js';
import { graphemes } from './room-text.js';
import { classifyRoomWrite, type WriteOp } from './write-body.js';

const classify = (text: string, op: WriteOp = 'change') => {
  const body = iJsonReadingOf(text);
  if (!body.ok) throw new Error(`not I-JSON: ${text}`);
  const write = classifyRoomWrite(body, op);
  return { verdict: write.verdict, refused: [...write.refusedBy.keys()], accepted: [...write.accepted.values()].map((a) => a.rule) };
};

describe('classifyRoomWrite', () => {
  it('calls valid what every reading accepts, one rule per field', () => {
    expect(classify('{"roomData":{"raumEtage":3,"raumFlaeche":"12,5","raumHoehe":"2.4","raumTemperatur":7,"raumNotiz":"","raumBezeichnung":"  y  "}}')).toEqual({
      verdict: 'valid',
      refused: [],
      accepted: ['ROOM-19', 'ROOM-41', 'ROOM-40', 'ROOM-28', 'ROOM-33', 'ROOM-18'],
    });
    expect(classify('{"roomData":{"raumFlaeche":null,"raumHoehe":100}}')).toMatchObject({ verdict: 'valid', accepted: ['ROOM-23', 'ROOM-25'] });
  });

  it('calls invalid what every reading refuses, under the narrowest rule', () => {
    const cases: [string, WriteOp, string[]][] = [
      ['{"roomData":{"raumEtage":1.5}}', 'change', ['ROOM-43']],
      ['{"roomData":{"raumEtage":"1,5"}}', 'change', ['ROOM-43']],
      ['{"roomData":{"raumEtage":"EG"}}', 'change', ['ROOM-19']],
      ['{"roomData":{"raumEtage":""}}', 'change', ['ROOM-57']],
      ['{"roomData":{"raumTemperatur":null}}', 'change', ['ROOM-58']],
      ['{"roomData":{"raumBezeichnung":""}}', 'change', ['ROOM-59']],
      ['{"roomData":{"raumBezeichnung":""}}', 'create', ['ROOM-17']],
      ['{"roomData":{"raumFlaeche":-0.0}}', 'change', ['ROOM-22']],
      ['{"roomData":{"raumFlaeche":"1e-400"}}', 'change', []],
      [`{"roomData":{"raumHoehe":"2.5${'0'.repeat(30)}"}}`, 'change', ['ROOM-42']],
      ['{"roomData":{"raumHoehe":true}}', 'change', ['ROOM-38']],
      ['{"roomData":{"raumNotiz":["x"]}}', 'change', ['ROOM-39']],
      ['{"roomData":{"RaumEtage":1}}', 'change', ['ROOM-37']],
      ['{"roomData":{"raumEtage":1},"id":"x"}', 'change', ['ROOM-48']],
      ['{"roomData":null}', 'change', ['ROOM-48']],
      ['{"roomData":{"raumEtage":1}}', 'create', ['ROOM-16']],
    ];
    for (const [text, op, refused] of cases) {
      const got = classify(text, op);
      // "1e-400" is a positive number that a double reads as 0: neither clearly valid nor clearly invalid.
      if (refused.length === 0) expect(got.verdict, text).toBe('uncertain');
      else expect(got, text).toMatchObject({ verdict: 'invalid', refused });
    }
  });

  it('leaves to the target what the spec leaves open', () => {
    for (const text of [
      '{"roomData":{}}',
      '{"roomData":{"raumBaujahr":"1234"}}',
      '{"roomData":{"id":"x","raumNotiz":"n"}}',
      '{"roomData":{"raumEtage":"+3"}}',
      '{"roomData":{"raumEtage":" 3"}}',
      '{"roomData":{"raumEtage":3.0}}',
      '{"roomData":{"raumFlaeche":"0x10"}}',
      '{"roomData":{"raumFlaeche":"١٢"}}',
      '{"roomData":{"raumFlaeche":"100000.0000000000000001"}}',
      '{"roomData":{"raumBezeichnung":42}}',
      '{"roomData":{"raumBezeichnung":"\\u00a0"}}',
      '{"roomData":{"raumNotiz":null}}',
      '{"roomData":{"raumNotiz":"a\\u0001"}}',
    ]) {
      expect(classify(text).verdict, text).toBe('uncertain');
    }
    expect(classify('{"roomData":{"raumBezeichnung":"x","raumEtage":""}}', 'create').verdict).toBe('uncertain');
  });

  it('counts text lengths by every reading', () => {
    expect(graphemes('e\u0301👍🏽')).toBe(2);
    expect(graphemes('a\r\nä\u00ad\u0007\r')).toBe(6);
    expect(classify(`{"roomData":{"raumBezeichnung":"${'ä'.repeat(120)}"}}`).verdict).toBe('valid');
    expect(classify(`{"roomData":{"raumBezeichnung":"${'e\\u0301'.repeat(121)}"}}`).refused).toEqual(['ROOM-18']);
    // 121 code points but 120 graphemes: too long by one reading only.
    expect(classify(`{"roomData":{"raumBezeichnung":"${'a'.repeat(119)}e\\u0301"}}`).verdict).toBe('uncertain');
    expect(classify(`{"roomData":{"raumNotiz":"  ${'n'.repeat(255)}  "}}`).verdict).toBe('uncertain');
  });
});

describe('readNumber', () => {
  it('reads plain, comma, signed and exponent forms and tells which are plain', () => {
    expect(readNumber('12,50')).toMatchObject({ value: 12.5, plain: true, comma: true, decimals: 1, significant: 3 });
    expect(readNumber('+3')).toMatchObject({ value: 3, plain: false });
    expect(readNumber('-0')).toMatchObject({ negative: true, zero: true });
    expect(readNumber('2.5e1')).toMatchObject({ value: 25, plain: false });
    expect(readNumber(' 7 ')).toMatchObject({ value: 7, plain: false });
    expect(readNumber('1.')).toMatchObject({ value: 1, plain: false });
    expect(readNumber('abc')).toBeUndefined();
  });
});
