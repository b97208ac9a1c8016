import { createHash } from 'node:crypto';
import type { HeaderField, ObservedExchange } from '../../observe/exchange.js';

/**
 * A recording repeated as the traffic of others: each copy later than the one before, with
 * customers, projects and pictures of its own. A copy that kept the recording's project keys and
 * picture ids would show the judges the same projects and links again, where more customers have
 * more projects: the judges that remember per project would meet each project once per copy, and
 * DOC-10 failed on copies of a conformance run's traffic (a second pdf call of "the project"
 * answered the file URL of the first, made by another copy's customer).
 */
export class RecordingCopies {
  readonly #source: readonly ObservedExchange[];
  /** The project keys the recording names (lower case): in a path after `/reports/`, or as a project header's `key`. */
  readonly #keys = new Set<string>();
  /** From the first request's start to the last answer, and the gap after it. */
  readonly #periodMs: number;

  constructor(source: readonly ObservedExchange[]) {
    this.#source = source;
    for (const x of source) {
      for (const m of x.request.url.matchAll(KEY_IN_PATH)) this.#keys.add((m[1] as string).toLowerCase());
      for (const m of x.response.bodyText?.matchAll(KEY_IN_HEADER) ?? []) this.#keys.add((m[1] as string).toLowerCase());
    }
    const first = Math.min(...source.map((x) => x.startedAt));
    const last = Math.max(...source.map((x) => x.startedAt + x.durationMs));
    this.#periodMs = last - first + COPY_GAP_MS;
  }

  /** The `i`th exchange of the recording repeated: of copy `i / length`, every name in it renamed for that copy. */
  exchange(i: number): ObservedExchange {
    const x = this.#source[i % this.#source.length] as ObservedExchange;
    const copy = Math.floor(i / this.#source.length);
    if (copy === 0) return x;
    const renamed = (text: string) => this.#renamed(text, copy);
    const fields = (headers: HeaderField[]) => headers.map((h) => ({ name: h.name, value: renamed(h.value) }));
    const { request, response } = x;
    return {
      ...x,
      startedAt: x.startedAt + copy * this.#periodMs,
      request: { ...request, url: renamed(request.url), headers: fields(request.headers), ...(request.bodyText !== undefined && { bodyText: renamed(request.bodyText) }) },
      response: { ...response, headers: fields(response.headers), ...(response.bodyText !== undefined && { bodyText: renamed(response.bodyText) }) },
      ...(x.customer !== undefined && { customer: renamed(x.customer) }),
    };
  }

  /** `text` with each customer, project key (its letters' case kept) and picture id of the recording renamed for `copy`. */
  #renamed(text: string, copy: number): string {
    return text
      .replace(CUSTOMER, (customer) => `customer:${digest(customer, copy).toString('hex', 0, 8)}`)
      .replace(PICTURE, (_match, path: string, id: string) => `${path}p${digest(id, copy).toString('hex', 0, 8)}`)
      .replace(NINE_LETTERS, (word) => (this.#keys.has(word.toLowerCase()) ? renamedKey(word, copy) : word));
  }
}

/** Between two copies: longer than every horizon of the judges, so a copy's sequences end before the next begins. */
const COPY_GAP_MS = 10 * 60_000;
const CUSTOMER = /customer:[0-9a-f]{16}/g;
/** A picture's file in its signed URL (`/files/pictures/p` and 16 hex digits). */
const PICTURE = /(\/pictures\/)(p[0-9a-f]{16})/g;
/** "`projectKey`: nine letters" (PROJ-3): a run of exactly nine letters, which the copies rename where it is one of the recording's keys. */
const NINE_LETTERS = /(?<![A-Za-z])[A-Za-z]{9}(?![A-Za-z])/g;
const KEY_IN_PATH = /\/reports\/([A-Za-z]{9})(?![A-Za-z])/g;
const KEY_IN_HEADER = /"key"\s*:\s*"([A-Za-z]{9})"/g;

/** The name's SHA-256 for the copy: each copy renames alike everywhere, and differently from the others. */
function digest(name: string, copy: number): Buffer {
  return createHash('sha256').update(`${name}#${copy}`).digest();
}

/** Nine letters of the key's hash for the copy, each in the case of the key's letter in its place: a key asked for in upper case stays the same project's. */
function renamedKey(word: string, copy: number): string {
  const bytes = digest(word.toLowerCase(), copy);
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const letter = String.fromCharCode(0x61 + ((bytes[i] as number) % 26));
    out += word[i] === (word[i] as string).toUpperCase() ? letter.toUpperCase() : letter;
  }
  return out;
}
