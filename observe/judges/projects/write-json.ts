import { parsedJson } from '../../json-value.js';
/**
 * A request body read as strictly as a target may read it. JSON.parse takes a duplicate member
 * name (the last wins) and a lone surrogate, which a target may refuse as malformed (400) or read
 * otherwise; and it rounds number literals. So beside the value this keeps the literal of every
 * number (by JSON Pointer) and says when the text is ambiguous: then no input rule judges it.
 */

export type StrictJson = { ok: true; value: unknown; literals: ReadonlyMap<string, string> } | { ok: false; why: string };

/** Deeper than any write body of the spec: a target may refuse such nesting, and recursion stays bounded. */
const MAX_DEPTH = 64;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A surrogate as sent or escaped (or what looks like an escaped one): only such a text can hold a lone one. */
const ANY_SURROGATE = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/;

class Ambiguous extends Error {}

/** `parsed`: what JSON.parse made of `text`, where the caller has it already. */
export function strictJson(text: string, parsed?: { value: unknown }): StrictJson {
  const json = parsedJson(text, parsed);
  if (json === undefined) return { ok: false, why: 'not JSON' };
  // A recorder shows undecodable bytes as U+FFFD: the bytes sent may not have been UTF-8.
  if (text.includes('\uFFFD')) return { ok: false, why: 'holds U+FFFD (maybe bytes that were not UTF-8)' };
  const literals = new Map<string, string>();
  try {
    new Scanner(text, literals, ANY_SURROGATE.test(text)).document();
  } catch (err) {
    if (err instanceof Ambiguous) return { ok: false, why: err.message };
    throw err;
  }
  return { ok: true, value: json.value, literals };
}

const pointerSegment = (name: string) => (name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name);

/** Walks text that JSON.parse took, so its syntax is known to be right. */
class Scanner {
  #at = 0;

  constructor(
    private readonly text: string,
    private readonly literals: Map<string, string>,
    /** Whether the text holds a surrogate at all (`ANY_SURROGATE`): else no string of it holds a lone one. */
    private readonly anySurrogate: boolean,
  ) {}

  document(): void {
    this.#value('', 0);
  }

  #space(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.#at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.#at++;
    }
  }

  #value(pointer: string, depth: number): void {
    if (depth > MAX_DEPTH) throw new Ambiguous(`nested deeper than ${MAX_DEPTH}`);
    this.#space();
    const c = this.text[this.#at];
    if (c === '{') this.#object(pointer, depth);
    else if (c === '[') this.#array(pointer, depth);
    else if (c === '"') this.#string();
    else if (c === 't' || c === 'n') this.#at += 4;
    else if (c === 'f') this.#at += 5;
    else {
      NUMBER.lastIndex = this.#at;
      const literal = NUMBER.exec(this.text)?.[0] ?? '';
      this.literals.set(pointer, literal);
      this.#at += literal.length;
    }
    this.#space();
  }

  #object(pointer: string, depth: number): void {
    const names = new Set<string>();
    this.#at++;
    this.#space();
    if (this.text[this.#at] === '}') {
      this.#at++;
      return;
    }
    for (;;) {
      this.#space();
      const name = this.#string();
      if (names.has(name)) throw new Ambiguous(`duplicate member name ${JSON.stringify(name).slice(0, 40)}`);
      names.add(name);
      this.#space();
      this.#at++; // ':'
      this.#value(`${pointer}/${pointerSegment(name)}`, depth + 1);
      if (this.text[this.#at++] === '}') return;
    }
  }

  #array(pointer: string, depth: number): void {
    this.#at++;
    this.#space();
    if (this.text[this.#at] === ']') {
      this.#at++;
      return;
    }
    for (let index = 0; ; index++) {
      this.#value(`${pointer}/${index}`, depth + 1);
      if (this.text[this.#at++] === ']') return;
    }
  }

  #string(): string {
    const start = this.#at;
    let escaped = false;
    this.#at++;
    for (;;) {
      const c = this.text.charCodeAt(this.#at);
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        this.#at += 2;
      } else this.#at++;
    }
    this.#at++;
    const decoded = escaped ? (JSON.parse(this.text.slice(start, this.#at)) as string) : this.text.slice(start + 1, this.#at - 1);
    if (this.anySurrogate && LONE_SURROGATE.test(decoded)) throw new Ambiguous('a lone surrogate in a string');
    return decoded;
  }
}
