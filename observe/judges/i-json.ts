import { fact, type ExchangeView } from '../judge/exchange-view.js';
import { parsedJson } from '../json-value.js';

/**
 * A request body as the target must have read it. JSON.parse keeps the last of two equal member
 * names and stores lone surrogates, where a target may refuse the text as malformed (400) or read
 * it otherwise: a judge of a body's fields reads only I-JSON (RFC 7493), and keeps every number's
 * literal, since the value JSON.parse gives (`1.0` as 1, `100000.00000000000001` as 100000) is not
 * always the value a decimal parser of the target sees.
 */
export interface IJson extends NumberLiterals {
  value: unknown;
}

export interface NumberLiterals {
  /** The literal of a number member (`1.0`, `2e1`), by the object that holds it and the member's name; items of arrays keep none, no judge reads one. */
  numberLiteral(owner: object, member: string): string | undefined;
}

/** `why`: what makes the text no I-JSON (or too deep to judge). */
export type IJsonReading = ({ ok: true } & IJson) | { ok: false; why: string };

/** Deeper bodies are not judged: their reading is the parser's own limit, not the spec's. */
const MAX_DEPTH = 64;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A surrogate, raw or escaped. */
const ANY_SURROGATE = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const BLANKS = /[ \t\n\r]+/y;

/**
 * The I-JSON reading of `text`. JSON.parse reads the value (`parsed`: its reading where the caller
 * has it already), and the text is walked for what JSON.parse does not tell: names twice in an
 * object, lone surrogates, the depth and the literals of numbers.
 */
export function iJsonReadingOf(text: string, parsed?: { value: unknown }): IJsonReading {
  const json = parsedJson(text, parsed);
  if (json === undefined) return { ok: false, why: 'not JSON' };
  const reading = new Reading(json.value);
  const why = walk(text, reading);
  return why === undefined ? reading : { ok: false, why };
}

/**
 * The I-JSON reading of the request's body text (JSON.parse's value taken from the view), worked
 * out once per exchange: the judges of project writes and of room writes each read it.
 */
export function requestBodyReading(x: ExchangeView): IJsonReading {
  return x.derived(requestBodyReadingFact);
}

const requestBodyReadingFact = fact(readRequestBody);

function readRequestBody(x: ExchangeView): IJsonReading {
  const parsed = x.requestBody;
  return iJsonReadingOf(x.exchange.request.bodyText ?? '', parsed.kind === 'json' ? parsed : undefined);
}

/** An object or array being read, with the value JSON.parse made of it. */
interface Container {
  value: Record<string, unknown> | unknown[];
  isObject: boolean;
  /** Member names read so far: more than the parsed object has means a name came twice. */
  names: number;
  /** The member name or item index whose value comes next. */
  name: string;
  index: number;
  expectsName: boolean;
}

const TWICE = 'a member name twice in an object';

/**
 * Walks the text of `reading.value` (iteratively: a deep text needs no deep stack), keeping the
 * literals of number members; what makes it no I-JSON, or undefined.
 */
function walk(text: string, reading: Reading): string | undefined {
  const open: Container[] = [];
  let top: Container | undefined;
  // JSON.parse took the text: its tokens need no checking, only telling apart.
  for (let at = 0; at < text.length; ) {
    const c = text.charCodeAt(at);
    if (c === SPACE || c === LINE_FEED || c === CARRIAGE_RETURN || c === TAB) {
      // A body may be padded with whitespace by the thousand: the run is skipped at once.
      BLANKS.lastIndex = at;
      BLANKS.test(text);
      at = BLANKS.lastIndex;
    } else if (c === COLON) {
      at++;
    } else if (c === COMMA) {
      const container = top as Container;
      if (container.isObject) container.expectsName = true;
      else container.index++;
      at++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      const container = open.pop() as Container;
      if (container.isObject && container.names !== Object.keys(container.value).length) return TWICE;
      top = open[open.length - 1];
      at++;
      // The text's value ends here: only whitespace follows.
      if (top === undefined) break;
    } else if (c === QUOTE && top?.expectsName) {
      const end = stringEnd(text, at);
      if (holdsLoneSurrogate(text, at, end)) return 'a lone surrogate in a member name';
      top.name = decodedString(text, at, end);
      top.names++;
      top.expectsName = false;
      at = end;
    } else {
      // A value: the text's, a member's or an item.
      if (open.length > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH}`;
      if (c === QUOTE) {
        const end = stringEnd(text, at);
        if (holdsLoneSurrogate(text, at, end)) return 'a lone surrogate in a string';
        at = end;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const parsedValue = top === undefined ? reading.value : memberOf(top);
        // Another value in its place is the last of two equal names, which JSON.parse kept.
        if (typeof parsedValue !== 'object' || parsedValue === null || Array.isArray(parsedValue) !== (c === OPEN_ARRAY)) return TWICE;
        top = { value: parsedValue as Container['value'], isObject: c === OPEN_OBJECT, names: 0, name: '', index: 0, expectsName: c === OPEN_OBJECT };
        open.push(top);
        at++;
      } else if (c === LETTER_T || c === LETTER_N) {
        at += 'true'.length;
      } else if (c === LETTER_F) {
        at += 'false'.length;
      } else {
        NUMBER.lastIndex = at;
        const literal = (NUMBER.exec(text) as RegExpExecArray)[0];
        if (top?.isObject) reading.keepLiteral(top.value, top.name, literal);
        at += literal.length;
      }
    }
  }
  return undefined;
}

const [SPACE, LINE_FEED, CARRIAGE_RETURN, TAB, COLON, COMMA, QUOTE] = [' ', '\n', '\r', '\t', ':', ',', '"'].map((c) => c.charCodeAt(0));
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY, LETTER_T, LETTER_N, LETTER_F] = ['{', '}', '[', ']', 't', 'n', 'f'].map((c) => c.charCodeAt(0));
const BACKSLASH = 0x5c;

class Reading implements IJson {
  readonly ok = true;
  readonly #literals = new Map<object, Map<string, string>>();

  constructor(readonly value: unknown) {}

  numberLiteral(owner: object, member: string): string | undefined {
    return this.#literals.get(owner)?.get(member);
  }

  keepLiteral(owner: object, member: string, literal: string): void {
    const members = this.#literals.get(owner) ?? new Map<string, string>();
    this.#literals.set(owner, members);
    members.set(member, literal);
  }
}

function memberOf(container: Container): unknown {
  return container.isObject ? (container.value as Record<string, unknown>)[container.name] : (container.value as unknown[])[container.index];
}

/** Where the string that starts at `at` ends, after its closing quote: the first quote not escaped (after an even run of backslashes). */
function stringEnd(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); ; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
}

/** Whether the string from `at` to `end` decodes to a lone surrogate; one without a surrogate, raw or escaped, needs no decoding to tell. */
function holdsLoneSurrogate(text: string, at: number, end: number): boolean {
  return ANY_SURROGATE.test(text.slice(at, end)) && LONE_SURROGATE.test(decodedString(text, at, end));
}

function decodedString(text: string, at: number, end: number): string {
  const token = text.slice(at, end);
  return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
}
