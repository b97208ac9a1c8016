import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonTextError, parseStrictJson, type JsonTextProblem } from './strict-json.js';

/** Issue 29: bodies that parsers read differently are refused like malformed JSON. */

function problemOf(text: string): JsonTextProblem | undefined {
  try {
    parseStrictJson(text);
    return undefined;
  } catch (error) {
    if (error instanceof JsonTextError) return error.problem;
    throw error;
  }
}

describe('parseStrictJson', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"projectData":{"bogus":1},"projectData":{"projektName":"x"}}', 'projectData'],
    ['{"projectData":{"projektName":"a","projektName":"b"}}', 'projektName'],
    ['[{"x":1},{"y":[{"z":1,"z":1}]}]', 'z'],
    // Equal after unescaping: JSON.parse would merge them.
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"__proto__":1,"__proto__":2}', '__proto__'],
    ['{"":1,"":2}', ''],
    ['{"a":{"b":1},"c":2,"a":3}', 'a'],
  ])('%s has the duplicate member %j', (text, name) => {
    expect(problemOf(text)).toEqual({ kind: 'duplicate-member', name });
  });

  it.each([
    '{"a":1,"b":{"a":1},"c":[{"a":1},{"a":1}]}',
    '{"a":"a","b":"a"}',
    '{"a":"\\"a\\":","b":1}',
    '{"a\\"":1,"a":2}',
    '{"a":[1,"a",{"a":"a"}],"b":{}}',
    '{"x":{"y":{}},"y":1}',
    '[]',
    '"text"',
    '12.5e-3',
    'null',
  ])('%s has none', (text) => {
    expect(problemOf(text)).toBeUndefined();
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
  });

  it.each([
    '{"projectData":{"projektName":"a\\ud800b"}}',
    '{"projectData":{"projektName":"\\udc00"}}',
    '{"projectData":{"projektName":"\\udc00\\ud800"}}',
    '{"projectData":{"projektName":"\\ud83d"}}',
    '{"a\\ud800":1}',
    '["x","\\uDBFF"]',
  ])('%s has a lone surrogate', (text) => {
    expect(problemOf(text)).toEqual({ kind: 'lone-surrogate' });
  });

  it('a surrogate pair, escaped or raw, is a character', () => {
    expect(parseStrictJson('{"a":"\\ud83d\\ude00","b":"😀","\\ud83d\\ude00":1}')).toEqual({ a: '😀', b: '😀', '😀': 1 });
  });

  it.each(['{"a":1,}', '{"a" 1}', "{'a':1}", '', '\ufeff{}', '{"a":"\\x"}'])('%j is a syntax error', (text) => {
    expect(problemOf(text)).toEqual({ kind: 'syntax' });
  });

  it('reads nesting as deep as a 64 KiB body allows', () => {
    const depth = 30_000;
    expect(problemOf(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBeUndefined();
    expect(problemOf(`${'{"a":'.repeat(depth / 5)}1${'}'.repeat(depth / 5)}`)).toBeUndefined();
  });

  it('reads thousands of distinct members and finds the one repeated last', () => {
    const members = Array.from({ length: 5000 }, (_, i) => `"m${i}":${i}`);
    expect(problemOf(`{${members.join(',')}}`)).toBeUndefined();
    expect(problemOf(`{${members.join(',')},"m0":1}`)).toEqual({ kind: 'duplicate-member', name: 'm0' });
  });

  it('gives what JSON.parse gives for any JSON text of well-formed strings (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseStrictJson(text)).toEqual(JSON.parse(text));
      }),
    );
  });

  it('finds a member repeated anywhere in any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1 }), (value, name) => {
        const member = `${JSON.stringify(name)}:1`;
        const text = `{"v":${JSON.stringify(value)},"w":[{${member},${member}}]}`;
        expect(problemOf(text)).toEqual({ kind: 'duplicate-member', name });
      }),
    );
  });
});
