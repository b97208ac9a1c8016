import { describe, expect, it } from 'vitest';
import { readIJson } from './json-text.js';

describe('readIJson', () => {
  it('reads JSON and keeps the literal of every number member', () => {
    const read = readIJson(' {"a": 1.0, "b": [2e1, {"c": -0}], "d": "x\\u00e4", "__proto__": 5} ');
    expect(read?.value).toEqual({ a: 1, b: [20, { c: -0 }], d: 'xä', ['__proto__']: 5 });
    const value = read?.value as { b: [number, object] };
    expect(read?.numberLiteral(read.value as object, 'a')).toBe('1.0');
    expect(read?.numberLiteral(value.b[1], 'c')).toBe('-0');
    expect(Object.getPrototypeOf(read?.value)).toBe(Object.prototype);
  });

  it('reads the value JSON.parse gave, in a text padded with whitespace', () => {
    const text = `{"a": {"b": [1, "\\"x\\\\"], "c": 1.50}}${' '.repeat(70_000)}`;
    const parsed = { value: JSON.parse(text) as unknown };
    const read = readIJson(text, parsed);
    expect(read?.value).toBe(parsed.value);
    expect(read?.numberLiteral((parsed.value as { a: object }).a, 'c')).toBe('1.50');
  });

  it('refuses what a target may refuse as malformed: duplicate members, lone surrogates, bad syntax', () => {
    for (const text of ['{"a":1,"a":2}', '{"a":{"b":1},"a":2}', '[{"a":[1],"a":{}}]', '{"\\udc00":1}', '{"a":"\\ud800"}', '{"a":1,}', '{a:1}', '"\u0001"', '01', '{"a":1} x', '']) expect(readIJson(text), text).toBeUndefined();
  });

  it('does not judge bodies nested deeper than it reads', () => {
    expect(readIJson(`${'['.repeat(100)}${']'.repeat(100)}`)).toBeUndefined();
    expect(readIJson(`${'['.repeat(10)}${']'.repeat(10)}`)?.value).toBeDefined();
  });
});
