/**
 * JSON.parse for request bodies, with the two holes of RFC 8259 closed that its section 4 and 8.2
 * leave to the receiver ("unpredictable"): a member name twice in one object, and an escaped lone
 * surrogate (`"\ud800"`, which is no character). JSON.parse keeps the last duplicate and stores the
 * lone surrogate, while a proxy in front may read the first duplicate and a strict decoder refuses
 * the surrogate; the body would then mean one thing there and another here. I-JSON (RFC 7493)
 * forbids both, and this server reads I-JSON only.
 */

export type JsonTextProblem =
  | { kind: 'syntax' }
  | { kind: 'duplicate-member'; name: string }
  | { kind: 'lone-surrogate' };

export class JsonTextError extends Error {
  constructor(readonly problem: JsonTextProblem) {
    super(`JSON text refused: ${problem.kind}`);
    this.name = 'JsonTextError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** A high surrogate without a low one after it, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Index of the closing quote of the string literal opening at `start`, in valid JSON text. */
function closingQuote(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
}

/**
 * The first duplicate member name or lone surrogate of text JSON.parse accepted, in text order.
 * One pass with an explicit stack: a 64 KiB body can nest thousands of levels deep.
 */
function firstProblem(text: string): JsonTextProblem | undefined {
  // One entry per open container: the member names seen so far of an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let atName = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      const literal = text.slice(i, end + 1);
      const names = atName ? open.at(-1) : undefined;
      // Only \u escapes can make a surrogate; other escapes need decoding for member names alone.
      const decoded = literal.includes('\\u') || (names && literal.includes('\\')) ? (JSON.parse(literal) as string) : literal.slice(1, -1);
      if (LONE_SURROGATE.test(decoded)) return { kind: 'lone-surrogate' };
      if (names) {
        if (names.has(decoded)) return { kind: 'duplicate-member', name: decoded };
        names.add(decoded);
        atName = false;
      }
      i = end;
    } else if (c === OPEN_OBJECT) {
      open.push(new Set());
      atName = true;
    } else if (c === OPEN_ARRAY) {
      open.push(null);
      atName = false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      open.pop();
      atName = false;
    } else if (c === COMMA) {
      atName = open.at(-1) instanceof Set;
    }
  }
  return undefined;
}

/** The value of the JSON text; throws JsonTextError for bad syntax, a duplicate member name or a lone surrogate. */
export function parseStrictJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonTextError({ kind: 'syntax' });
  }
  const problem = firstProblem(text);
  if (problem) throw new JsonTextError(problem);
  return value;
}
