/**
 * A request body as the target must have read it. JSON.parse keeps the last of two equal member
 * names and stores lone surrogates, where a target may refuse the text as malformed (400): a judge
 * of a body's fields reads only I-JSON (RFC 7493), and keeps every number's literal, since the
 * value JSON.parse gives (`1.0` as 1, `100000.00000000000001` as 100000) is not always the value a
 * decimal parser of the target sees.
 */
export interface JsonText {
  value: unknown;
  /** The literal of a number member (`1.0`, `2e1`), by object and member name. */
  numberLiteral(owner: object, member: string): string | undefined;
}

/** Deeper bodies are not judged: their reading is the parser's own limit, not the spec's. */
const MAX_DEPTH = 64;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- raw control characters are what makes a JSON string malformed.
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WHITESPACE = /[ \t\n\r]*/y;

class NotIJson extends Error {}

/** The body's I-JSON reading, or undefined when the text is not I-JSON (or nests too deep to judge). */
export function readIJson(text: string): JsonText | undefined {
  const literals = new WeakMap<object, Map<string, string>>();
  let at = 0;

  const skip = () => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const take = (pattern: RegExp): string => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new NotIJson();
    at = pattern.lastIndex;
    return match[0];
  };
  const string = (): string => {
    const decoded = JSON.parse(take(STRING)) as string;
    if (LONE_SURROGATE.test(decoded)) throw new NotIJson();
    return decoded;
  };
  const expect = (char: string) => {
    skip();
    if (text[at] !== char) throw new NotIJson();
    at++;
  };

  const value = (depth: number): { value: unknown; literal?: string } => {
    if (depth > MAX_DEPTH) throw new NotIJson();
    skip();
    const c = text[at];
    if (c === '{') {
      at++;
      // Own data properties only: a member named `__proto__` stays a member.
      const object: Record<string, unknown> = {};
      const members = new Map<string, string>();
      skip();
      if (text[at] === '}') {
        at++;
        return { value: object };
      }
      for (;;) {
        skip();
        const name = string();
        if (Object.prototype.hasOwnProperty.call(object, name)) throw new NotIJson();
        expect(':');
        const member = value(depth + 1);
        Object.defineProperty(object, name, { value: member.value, enumerable: true, writable: true, configurable: true });
        if (member.literal !== undefined) members.set(name, member.literal);
        skip();
        if (text[at] === ',') {
          at++;
          continue;
        }
        expect('}');
        break;
      }
      literals.set(object, members);
      return { value: object };
    }
    if (c === '[') {
      at++;
      const array: unknown[] = [];
      skip();
      if (text[at] === ']') {
        at++;
        return { value: array };
      }
      for (;;) {
        array.push(value(depth + 1).value);
        skip();
        if (text[at] === ',') {
          at++;
          continue;
        }
        expect(']');
        break;
      }
      return { value: array };
    }
    if (c === '"') return { value: string() };
    for (const [word, meaning] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return { value: meaning };
      }
    }
    const literal = take(NUMBER);
    return { value: Number(literal), literal };
  };

  try {
    const read = value(0);
    skip();
    if (at !== text.length) return undefined;
    return { value: read.value, numberLiteral: (owner, member) => literals.get(owner)?.get(member) };
  } catch (error) {
    if (error instanceof NotIJson || error instanceof SyntaxError) return undefined;
    throw error;
  }
}
