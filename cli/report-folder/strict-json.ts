/**
 * JSON.parse refuses neither duplicate keys (the last wins, so a file can say one thing to a
 * reader that takes the first and another to this one) nor nesting deep enough to exhaust the
 * stack of whatever walks the value next. This parser refuses both, and otherwise gives what
 * JSON.parse gives.
 */
import { shown } from './terminal-text.js';

/** Deepest nesting of arrays and objects a report file may hold; the kit's own files stay far below it. */
export const MAX_JSON_DEPTH = 64;

export class StrictJsonError extends Error {}

const WHITE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

export function parseStrictJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new StrictJsonError(`${what} at character ${at}`);
  };
  const skip = () => {
    WHITE.lastIndex = at;
    WHITE.exec(text);
    at = WHITE.lastIndex;
  };
  // A loop, not one regular expression: a payload string of megabytes would overflow a backtracking match.
  const string = (): string => {
    const start = at;
    let escaped = false;
    for (at++; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === 0x22) break;
      if (code < 0x20) fail('a raw control character in a string');
      if (code === 0x5c) {
        ESCAPE.lastIndex = at;
        if (!ESCAPE.test(text)) fail('a malformed escape');
        at = ESCAPE.lastIndex - 1;
        escaped = true;
      }
    }
    if (at >= text.length) fail('an unterminated string');
    at++;
    return escaped ? (JSON.parse(text.slice(start, at)) as string) : text.slice(start + 1, at - 1);
  };
  const value = (depth: number): unknown => {
    skip();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (depth >= maxDepth) fail(`nesting deeper than ${maxDepth}`);
      at++;
      return c === '{' ? object(depth + 1) : array(depth + 1);
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return v;
      }
    }
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(text);
    if (!m) return fail(c === undefined ? 'unexpected end' : 'an unexpected character');
    at = NUMBER.lastIndex;
    return Number((m as RegExpExecArray)[0]);
  };
  const object = (depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    skip();
    if (text[at] === '}') {
      at++;
      return out;
    }
    for (;;) {
      skip();
      if (text[at] !== '"') fail('a key expected');
      const key = string();
      if (seen.has(key)) fail(`the duplicate key "${shown(key)}"`);
      // A JavaScript reader that copies the value by assignment would take it as the prototype; no report of the kit has it.
      if (key === '__proto__') fail('the key "__proto__"');
      seen.add(key);
      skip();
      if (text[at] !== ':') fail('":" expected');
      at++;
      out[key] = value(depth);
      skip();
      const next = text[at++];
      if (next === '}') return out;
      if (next !== ',') fail('"," or "}" expected');
    }
  };
  const array = (depth: number): unknown[] => {
    const out: unknown[] = [];
    skip();
    if (text[at] === ']') {
      at++;
      return out;
    }
    for (;;) {
      out.push(value(depth));
      skip();
      const next = text[at++];
      if (next === ']') return out;
      if (next !== ',') fail('"," or "]" expected');
    }
  };
  const result = value(0);
  skip();
  if (at < text.length) fail('text after the value');
  return result;
}
