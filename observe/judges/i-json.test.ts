import { describe, expect, it } from 'vitest';
import { iJsonReadingOf, type IJson } from './i-json.js';

/** The reading of an I-JSON text; fails the test for any other. */
function read(text: string, parsed?: { value: unknown }): IJson {
  const reading = iJsonReadingOf(text, parsed);
  if (!reading.ok) throw new Error(`${text}: ${reading.why}`);
  return reading;
}

const whyOf = (text: string) => {
  const reading = iJsonReadingOf(text);
  return reading.ok ? undefined : reading.why;
};

describe('iJsonReadingOf', () => {
  it('reads JSON and keeps the literal of every number member, by object and name', () => {
    const reading = read(' {"a": 1.0, "b": [2e1, {"c": -0, "d": 4.0e0}], "e": "x\\u00e4", "__proto__": 5, "f/g~h": 1E+2} ');
    expect(reading.value).toEqual({ a: 1, b: [20, { c: -0, d: 4 }], e: 'xä', ['__proto__']: 5, 'f/g~h': 100 });
    const value = reading.value as { b: [number, object] };
    expect(reading.numberLiteral(value, 'a')).toBe('1.0');
    expect(reading.numberLiteral(value.b[1], 'c')).toBe('-0');
    expect(reading.numberLiteral(value.b[1], 'd')).toBe('4.0e0');
    expect(reading.numberLiteral(value, 'f/g~h')).toBe('1E+2');
    expect(reading.numberLiteral(value, '__proto__')).toBe('5');
    // Not a number member: an item, a string, another object's member.
    expect(reading.numberLiteral(value.b, '0')).toBeUndefined();
    expect(reading.numberLiteral(value, 'e')).toBeUndefined();
    expect(reading.numberLiteral(value.b[1], 'a')).toBeUndefined();
    expect(Object.getPrototypeOf(reading.value)).toBe(Object.prototype);
  });

  it('reads the value JSON.parse gave, in a text padded with whitespace', () => {
    const text = `{"a": {"b": [1, "\\"x\\\\"], "c": 1.50}}${' '.repeat(70_000)}`;
    const parsed = { value: JSON.parse(text) as unknown };
    const reading = read(text, parsed);
    expect(reading.value).toBe(parsed.value);
    expect(reading.numberLiteral((parsed.value as { a: object }).a, 'c')).toBe('1.50');
  });

  it('takes surrogate pairs, raw or escaped, and escaped quotes and backslashes', () => {
    expect(read('{"a":"\\"x\\\\","b":"\\ud83d\\ude42","\\ud83d\\ude00":"😀"}').value).toEqual({ a: '"x\\', b: '🙂', '😀': '😀' });
  });

  it('refuses two equal member names, however the second is spelled or nested', () => {
    for (const text of ['{"a":1,"a":2}', '{"a":{"b":1},"a":2}', '{"a":1,"a":{"b":1}}', '[{"a":[1],"a":{}}]', '{"a":{"b":1},"a":{"c":2}}', '{"a":1,"\\u0061":2}', '{"x":{"a":1,"a":1}}']) {
      expect(whyOf(text), text).toBe('a member name twice in an object');
    }
  });

  it('refuses lone surrogates, raw or escaped, in names and strings', () => {
    expect(whyOf('{"\\udc00":1}')).toBe('a lone surrogate in a member name');
    expect(whyOf('{"a":"\\ud800"}')).toBe('a lone surrogate in a string');
    expect(whyOf('["x\\ud800\\u0041"]')).toBe('a lone surrogate in a string');
    expect(whyOf('{"a":"\uD800"}')).toBe('a lone surrogate in a string');
    expect(whyOf('{"\uDC00x":1}')).toBe('a lone surrogate in a member name');
    expect(whyOf('"\\ude42\\ud83d"')).toBe('a lone surrogate in a string');
  });

  it('refuses what JSON.parse refuses', () => {
    for (const text of ['{"a":1,}', '{a:1}', '"\u0001"', '01', '{"a":1} x', '{"a":', '']) expect(whyOf(text), text).toBe('not JSON');
  });

  it('does not judge bodies nested deeper than it reads', () => {
    // The text's value is at depth 0: 65 arrays nest their innermost at 64, 65 objects their number at 65.
    expect(read(`${'['.repeat(65)}${']'.repeat(65)}`).value).toBeDefined();
    expect(read(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`).value).toBeDefined();
    expect(whyOf(`${'['.repeat(66)}${']'.repeat(66)}`)).toBe('nested deeper than 64');
    expect(whyOf(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe('nested deeper than 64');
    expect(whyOf(`${'['.repeat(100)}${']'.repeat(100)}`)).toBe('nested deeper than 64');
  });
});
