import { describe, expect, it } from 'vitest';
import { ExchangeView } from '../../judge/exchange-view.js';
import { iJsonReadingOf } from '../i-json.js';
import { exchangeOf } from '../testing/exchange-builder.js';
import { readFieldValue, readProjectWrite } from './field-table.js';
import { writeBodyOf } from './write-body.js';

const verdict = (field: Parameters<typeof readFieldValue>[0], value: unknown, literal?: string) => readFieldValue(field, value, literal).verdict;

/** The body's reading with its number literals as sent. */
function reading(text: string) {
  const json = iJsonReadingOf(text);
  if (!json.ok) throw new Error(json.why);
  return readProjectWrite(json.value, json);
}

describe('the project field table reader', () => {
  it('reads codes: the codes as number or digits, deletion; others refused; other spellings doubtful', () => {
    expect([1, 6, '2', '', null].map((v) => verdict('projektArtHeizung', v))).toEqual(['valid', 'valid', 'valid', 'valid', 'valid']);
    expect([0, 7, '7', 1.5, 'abc', -1].map((v) => verdict('projektArtHeizung', v))).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
    expect(readFieldValue('projektArtHeizung', true)).toMatchObject({ verdict: 'invalid', rules: ['PROJ-11'] });
    expect(['2.0', ' 2', '+2'].map((v) => verdict('projektArtHeizung', v))).toEqual(['doubtful', 'doubtful', 'doubtful']);
    expect(verdict('projektArtHeizung', 2, '2.0')).toBe('doubtful');
    expect(verdict('projektArtHeizung', 7, '7.0')).toBe('invalid');
    expect(['1500', 2201, 1600, '1,500'].map((v) => verdict('projektWaermeerzeugerHolzArt', v))).toEqual(['valid', 'valid', 'invalid', 'doubtful']);
    expect(readFieldValue('projektArtHeizung', 3)).toEqual({ verdict: 'valid', accepts: ['PROJ-25'] });
    expect(readFieldValue('projektArtHeizung', '3')).toEqual({ verdict: 'valid', accepts: ['PROJ-26'] });
  });

  it('reads numbers by their range, exactly as sent', () => {
    expect([0, 10000, '4', '12,0', '10000', '', null].map((v) => verdict('projektBewohner', v))).toEqual(['valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'valid']);
    expect([-1, 10001, 2.5, '2.5', '2,5', '10001', '10000,5', 'abc', '12abc'].map((v) => verdict('projektBewohner', v))).toEqual(Array(9).fill('invalid'));
    expect(readFieldValue('projektBewohner', '10001')).toMatchObject({ rules: ['PROJ-31', 'PROJ-32'] });
    expect(readFieldValue('projektBewohner', 'abc')).toMatchObject({ rules: ['PROJ-31'] });
    // "numeric strings accepted" (PROJ-35, 38, 49, 54) says nothing of a string out of range: its range rule alone is charged.
    expect(readFieldValue('projektJahresverbrauch', '1000000001')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-34'] });
    expect(readFieldValue('projektBaujahr', '2101')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-37'] });
    expect(readFieldValue('projektKollektorflaecheSolar', '1000001')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-48'] });
    expect(readFieldValue('projektJahresverbrauchHolz', '1001189.75')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-53'] });
    // The literal decides where the double cannot: 10000.0000000000000001 is above the range, 4.0 an integer written otherwise.
    expect(verdict('projektBewohner', 10000, '10000.0000000000000001')).toBe('doubtful');
    expect(verdict('projektBewohner', 4, '4.0')).toBe('doubtful');
    expect(verdict('projektBewohner', 10001, '1.0001e4')).toBe('invalid');
    expect(verdict('projektBewohner', -0.5, '-0.5')).toBe('invalid');
    expect(verdict('projektBewohner', -0, '-0')).toBe('doubtful');
    expect(verdict('projektJahresverbrauch', 1000, '1e3')).toBe('valid');
    // Spellings the spec leaves open: sign, exponent, spaces, a point as German thousands separator.
    expect(['+4', '4e0', ' 4', '20.000', '1.500'].map((v) => verdict('projektBewohner', v))).toEqual(Array(5).fill('doubtful'));
    expect(['12.5', 12.5, '0', 1000000].map((v) => verdict('projektKollektorflaecheSolar', v))).toEqual(['valid', 'valid', 'valid', 'valid']);
    // No decimal comma in the row: "12,5" may be no number, or 12.5.
    expect(verdict('projektKollektorflaecheSolar', '12,5')).toBe('doubtful');
    expect(verdict('projektKollektorflaecheSolar', '1000000,5')).toBe('invalid');
    expect(verdict('projektBaujahr', `0000000000000000000000000000001975`)).toBe('doubtful');
    expect(verdict('projektBaujahr', '-5')).toBe('invalid');
  });

  it('reads flags, texts, e-mail and the two postal codes', () => {
    expect([true, false, 'on', 'off', 0, 1, '', null].map((v) => verdict('projektWaermeerzeugerSolarStatus', v))).toEqual(Array(8).fill('valid'));
    expect(['yes', 2, -1, 'an'].map((v) => verdict('projektWaermeerzeugerHolzStatus', v))).toEqual(Array(4).fill('invalid'));
    expect(['1', 'true', 'ON', 'false'].map((v) => verdict('projektWaermeerzeugerHolzStatus', v))).toEqual(Array(4).fill('doubtful'));
    expect(readFieldValue('projektName', 'a\u0000b')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-20'] });
    expect(readFieldValue('ort', 'a\u0000b')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-64'] });
    expect(readFieldValue('email', 'a\u0000@b')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-61'] });
    expect([40117, null, 'Zeile 1\nZeile 2'].map((v) => verdict('bemerkungen', v))).toEqual(['valid', 'valid', 'valid']);
    expect([1.5, 'x'.repeat(300), 'a\u0007b'].map((v) => verdict('bemerkungen', v))).toEqual(['doubtful', 'doubtful', 'doubtful']);
    expect([false].map((v) => verdict('ort', v))).toEqual(['invalid']);
    expect(readFieldValue('email', 'kontakt@example.org')).toEqual({ verdict: 'valid', accepts: ['PROJ-59'] });
    expect([null, ''].map((v) => verdict('email', v))).toEqual(['valid', 'valid']);
    expect(verdict('email', 5)).toBe('doubtful');
    expect(['01234', '1234', 12345, '', null].map((v) => verdict('plz', v))).toEqual(Array(5).fill('valid'));
    expect(['123', '123456', '12a45', 'abcd', '12 34', 123, 123456, true, 1234.5].map((v) => verdict('plz', v))).toEqual(Array(9).fill('invalid'));
    expect(verdict('plz', ' 01234')).toBe('doubtful');
    expect(readFieldValue('projektPostleitzahl', '')).toMatchObject({ verdict: 'invalid', rules: ['PROJ-23'] });
    expect(readFieldValue('projektPostleitzahl', null)).toMatchObject({ verdict: 'invalid', rules: ['PROJ-24'] });
    expect(verdict('projektPostleitzahl', '10178')).toBe('doubtful');
    expect(readFieldValue('projektName', ['a'])).toMatchObject({ rules: ['PROJ-12'] });
    expect(readFieldValue('projektPostleitzahl', {})).toMatchObject({ rules: ['PROJ-13'] });
  });

  it('reads envelopes: one of two names, released fields only, at least one', () => {
    expect(reading('{"projectData":{"ort":"Celle","projektBewohner":"3"}}')).toMatchObject({
      verdict: 'valid',
      envelope: 'projectData',
      accepted: [{ field: 'ort', rules: ['PROJ-62'] }, { field: 'projektBewohner', rules: ['PROJ-32'] }],
    });
    const rules = (text: string) => reading(text).findings.flatMap((f) => f.rules);
    expect(rules('{"projectData":{"ort":"a"},"projektData":{"ort":"b"}}')).toEqual(['PROJ-7']);
    expect(rules('{"projectData":{"ort":"a","projektFarbe":"blau"}}')).toEqual(['PROJ-8']);
    expect(rules('{"projectData":{"ProjektName":"x"}}')).toEqual(['PROJ-8', 'PROJ-14']);
    expect(rules('{}')).toEqual(['PROJ-9']);
    expect(rules('{"ort":"Dessau"}')).toEqual(['PROJ-9']);
    expect(rules('[]')).toEqual(['PROJ-9']);
    expect(rules('{"projectData":{"ort":"Essen"},"extra":1}')).toEqual(['PROJ-10']);
    expect(rules('{"projektData":{}}')).toEqual(['PROJ-14']);
    expect(['"Projekt"', '[]', '5', 'true', 'null'].map((v) => rules(`{"projectData":${v}}`))).toEqual(Array(5).fill(['PROJ-16']));
    expect(reading('{"projectData":{"projektName":"x","projektPostleitzahl":"10178"}}').verdict).toBe('doubtful');
    expect(reading('{"projectData":{"projektBewohner":10001,"projektPostleitzahl":"10178"}}').verdict).toBe('invalid');
    expect(reading('null').verdict).toBe('doubtful');
  });
});

describe('the body of a project write', () => {
  const bodyOf = (requestBody: string) => writeBodyOf(new ExchangeView(exchangeOf({ method: 'PATCH', path: '/reports/abcdefghi', requestBody, requestHeaders: { 'Content-Type': 'application/json' }, status: 200 }), 0));

  it('reads the fields of I-JSON text with their number literals as sent', () => {
    const body = bodyOf('{"projectData":{"projektBewohner":4.0,"ort":"a/b~c"}}');
    expect(body).toMatchObject({ kind: 'json', value: { projectData: { projektBewohner: 4, ort: 'a/b~c' } } });
    expect(body.kind === 'json' && readProjectWrite(body.value, body.literals).doubts).toEqual(['`projektBewohner` 4: the integer written as 4.0']);
  });

  it('reads no text a target may read otherwise: duplicate names, lone surrogates, U+FFFD for bytes that were not UTF-8', () => {
    for (const text of ['{"projectData":{"ort":"a","ort":"b"}}', '{"projectData":{"ort":"\\ud800"}}', '{"projectData":{"ort":"\uFFFD"}}', '{"projectData":']) {
      expect(bodyOf(text), text).toMatchObject({ kind: 'unreadable' });
    }
  });
});
