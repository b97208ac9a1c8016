import { describe, expect, it } from 'vitest';
import { parseStrictJson } from './strict-json.js';

describe('strict JSON', () => {
  it('gives what JSON.parse gives for JSON without duplicate keys', () => {
    const text = JSON.stringify({ a: [1, -2.5e3, true, false, null, 'x\\"\u00e9\n'], b: { c: '', d: [[], {}] }, long: 'y'.repeat(5 * 1024 * 1024) });
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    expect(parseStrictJson(' [ 1 , "2" ] ')).toEqual([1, '2']);
  });

  it.each([
    ['{"a": 1, "a": 2}', 'the duplicate key "a" at character'],
    ['{"__proto__": {}}', 'the key "__proto__"'],
    ['[[[[1]]]]', 'nesting deeper than 3'],
    ['{"a": 1,}', 'a key expected'],
    ['"tab\tinside"', 'a raw control character'],
    ['"\\x"', 'a malformed escape'],
    ['[1] 2', 'text after the value'],
    ['{"a": ', 'unexpected end'],
  ])('refuses %j', (text, message) => {
    expect(() => parseStrictJson(text, 3)).toThrow(message);
  });
});
