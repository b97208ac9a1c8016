/**
 * The streaming walk of a HAR file: a JSON tokenizer fed the file in chunks of any size that hands
 * on each element of `log.entries`, parsed, one at a time, and keeps nothing else. A HAR of a long
 * recording runs to gigabytes, so the file is never parsed whole: the walk skips everything outside
 * `log.entries` without holding it, and holds only the entry it is inside. JSON's structural
 * characters are ASCII and never occur inside a multi-byte UTF-8 sequence, so the walk works on
 * bytes and an entry is decoded only once it is complete.
 *
 * Outside the entries, the walk checks the JSON grammar byte by byte, so that a broken file is
 * reported with its byte offset. Inside an entry that is an object or an array (every entry of a
 * HAR), checking the grammar byte by byte in JavaScript would cost more than `JSON.parse` of the
 * entry does, and `JSON.parse` checks it anyway: the walk only finds where the entry ends, by the
 * bytes that ended the entry before (`endAtSeparator`), or else by following its strings, escapes
 * and brackets (`scanEntry`). Only where `JSON.parse` refuses the entry, or the nesting is wrong or
 * too deep, or the entry is skipped for its length, does the careful walk go over the entry's
 * bytes (`checkEntry`), to report the fault as, and where, the walk of the whole file would.
 *
 * What it holds between chunks: the bytes of an unfinished entry (at most `maxEntryBytes`; a
 * longer entry is counted and skipped, not kept), an object key of at most 64 bytes while it
 * reads the keys of the document and of `log`, the bytes between two entries (at most 128), and
 * two arrays of `MAX_DEPTH` bytes for the nesting.
 */

/** The most bytes one entry may take, 64 MiB: far above any exchange of this API, even a document in base64, and the bound on what the walk holds. */
export const DEFAULT_MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** JSON nesting the walk follows; deeper is refused, so that a file of brackets cannot grow the walk's state. */
export const MAX_DEPTH = 1024;

export type ScannedEntry =
  /** A complete entry: its JSON value, its 0-based position in `log.entries` and the byte offset it starts at. */
  | { kind: 'entry'; index: number; offset: number; value: unknown }
  /** An entry longer than the cap: skipped; `bytes` is its length. */
  | { kind: 'oversize'; index: number; offset: number; bytes: number };

/** The file is not JSON, or not a HAR, at `offset` (bytes from the start of the file). */
export class HarSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(`${reason} at byte ${offset}`);
    this.name = 'HarSyntaxError';
  }
}

// Where the walk is: what the next significant byte may be.
const VALUE = 0;
const FIRST_VALUE = 1; // just after '[': a value or ']'
const FIRST_KEY = 2; // just after '{': a key or '}'
const KEY = 3; // after ',' in an object
const COLON = 4;
const AFTER_VALUE = 5;
const STRING = 6;
const ESCAPE = 7;
const UNICODE = 8;
const NUMBER = 9;
const LITERAL = 10;
const DONE = 11;
/** Inside an entry that is an object or an array: only strings, escapes and nesting are followed (scanEntry). */
const ENTRY = 12;

// Number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
const N_MINUS = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_EXP = 5;
const N_EXP_SIGN = 6;
const N_EXP_DIGITS = 7;

const OBJECT = 1;
const ARRAY = 2;

// What a container is to the HAR: the document, `log`, `log.entries`, or anything else.
const OTHER = 0;
const ROOT = 1;
const LOG = 2;
const ENTRIES = 3;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const BOM = [0xef, 0xbb, 0xbf];
const KEY_CAPTURE_BYTES = 64;
/** Smallest buffer for an entry that spans chunks; entries are mostly smaller than a chunk. */
const MIN_HELD_BYTES = 64 * 1024;
/** A buffer grown beyond this for a rare large entry is let go once that entry is handed on. */
const KEEP_HELD_BYTES = 1024 * 1024;

/** Spacing and a first key between entries longer than this are not taken for the file's separator. */
const MAX_SEPARATOR_BYTES = 128;

const LITERALS: Record<number, Uint8Array> = { 0x74: Buffer.from('true'), 0x66: Buffer.from('false'), 0x6e: Buffer.from('null') };

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const shown = (c: number) => (c > 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`);

export class HarEntryScanner {
  private mode = VALUE;
  private numberState = N_MINUS;
  private literal: Uint8Array = LITERALS[0x74] as Uint8Array;
  private literalAt = 0;
  private unicodeLeft = 0;
  private stringIsKey = false;

  private depth = 0;
  private readonly kinds = new Uint8Array(MAX_DEPTH);
  private readonly roles = new Uint8Array(MAX_DEPTH);
  /** Set by a key of the document (`log`) or of `log` (`entries`), consumed by the value after it. */
  private pendingRole = OTHER;
  private capturingKey = false;
  private readonly keyBytes = new Uint8Array(KEY_CAPTURE_BYTES);
  private keyLength = 0;
  private sawEntries = false;
  private bomMatched = 0;

  /** Bytes of the file before the current chunk. */
  private base = 0;
  private nextIndex = 0;
  private inEntry = false;
  private entryIndex = 0;
  private entryOffset = 0;
  /** Where the entry starts in the current chunk (0 when it started in an earlier one). */
  private entryStartInChunk = 0;
  /** Bytes of the entry in earlier chunks; those are in `held` unless the entry is oversize. */
  private entryHeldLength = 0;
  private entryOversize = false;
  /** The entry is an object or an array, followed by `scanEntry`; the depth it ends at, and where that scan is. */
  private entryScanned = false;
  private entryBaseDepth = 0;
  private entryInString = false;
  private entryEscaped = false;
  /** The careful walk of a scanned entry, once one is needed and until the entry ends: for an entry over the cap, its bytes are walked as they come, since they are not kept. */
  private entryCheck: HarEntryScanner | undefined;
  /** The bytes between two entries, once learnt (see `endAtSeparator`); where the last entry ended in the current chunk, -1 if in none. */
  private separator: Buffer | undefined;
  private previousEnd = -1;
  private held = Buffer.alloc(0);
  private heldHighWaterMark = 0;

  constructor(private readonly maxEntryBytes = DEFAULT_MAX_ENTRY_BYTES) {}

  /** The largest entry buffer the walk ever held: never above `maxEntryBytes`, and independent of the file's length. */
  get highWaterMark(): number {
    return this.heldHighWaterMark;
  }

  /** Walks the next chunk of the file; returns the entries it completed, in file order. */
  push(chunk: Buffer): ScannedEntry[] {
    const out: ScannedEntry[] = [];
    this.previousEnd = -1;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      const c = chunk[i] as number;
      switch (this.mode) {
        case ENTRY:
          i = this.scanEntry(chunk, i, out);
          break;
        case STRING: {
          let j = i;
          while (j < n) {
            const b = chunk[j] as number;
            if (b === QUOTE || b === BACKSLASH || b < 0x20) break;
            j++;
          }
          if (this.capturingKey) this.captureKey(chunk, i, j);
          if (j === n) {
            i = n;
            break;
          }
          const d = chunk[j] as number;
          if (d === QUOTE) {
            if (this.stringIsKey) this.endKey();
            else this.endValue(j + 1, chunk, out);
          } else if (d === BACKSLASH) {
            if (this.capturingKey) this.captureKey(chunk, j, j + 1);
            this.mode = ESCAPE;
          } else this.fail(`control character ${shown(d)} inside a string`, j);
          i = j + 1;
          break;
        }
        case ESCAPE:
          if (c === 0x75) {
            this.mode = UNICODE;
            this.unicodeLeft = 4;
          } else if (c === QUOTE || c === BACKSLASH || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74) this.mode = STRING;
          else this.fail(`unexpected ${shown(c)} after '\\' in a string`, i);
          if (this.capturingKey) this.captureKey(chunk, i, i + 1);
          i++;
          break;
        case UNICODE:
          if (!isHex(c)) this.fail(`unexpected ${shown(c)} in a \\u escape`, i);
          if (--this.unicodeLeft === 0) this.mode = STRING;
          if (this.capturingKey) this.captureKey(chunk, i, i + 1);
          i++;
          break;
        case NUMBER:
          if (this.numberContinues(c, i)) i++;
          // The byte after a number ends it and is read again as what follows the value.
          else this.endValue(i, chunk, out);
          break;
        case LITERAL:
          if (c !== this.literal[this.literalAt]) this.fail(`unexpected ${shown(c)} in '${Buffer.from(this.literal).toString()}'`, i);
          i++;
          if (++this.literalAt === this.literal.length) this.endValue(i, chunk, out);
          break;
        default:
          if (isSpace(c)) i++;
          else if (this.mode === VALUE && this.depth === 0 && this.atByteOrderMark(c, i)) i++;
          else i = this.structural(c, i, chunk, out);
      }
    }
    if (this.inEntry) this.holdRestOfChunk(chunk);
    this.base += n;
    return out;
  }

  /** The file has ended: throws unless it held one complete JSON document with a `log.entries` array. */
  end(): void {
    // A fault in the unfinished entry comes before the end of the file.
    if (this.mode === ENTRY) this.checkEntry(Buffer.alloc(0), 0);
    if (this.depth === 0 && this.mode === VALUE) throw new HarSyntaxError('not a HAR: the file holds no JSON', this.base);
    if (this.mode !== DONE) throw new HarSyntaxError(`the file ends ${this.inEntry ? `inside log.entries[${this.entryIndex}]` : 'before its JSON document does'} (truncated?)`, this.base);
    if (!this.sawEntries) throw new HarSyntaxError('not a HAR: the JSON document has no log.entries array', this.base);
  }

  /** A byte outside strings, numbers and literals; returns where to go on. */
  private structural(c: number, i: number, chunk: Buffer, out: ScannedEntry[]): number {
    switch (this.mode) {
      case FIRST_VALUE:
        if (c === 0x5d) return this.close(i, chunk, out);
        return this.startValue(c, i, chunk, out);
      case VALUE:
        return this.startValue(c, i, chunk, out);
      case FIRST_KEY:
        if (c === 0x7d) return this.close(i, chunk, out);
        if (c !== QUOTE) this.fail(`unexpected ${shown(c)} where an object key or '}' should be`, i);
        this.startKey();
        return i + 1;
      case KEY:
        if (c !== QUOTE) this.fail(`unexpected ${shown(c)} where an object key should be`, i);
        this.startKey();
        return i + 1;
      case COLON:
        if (c !== 0x3a) this.fail(`unexpected ${shown(c)} where ':' should follow an object key`, i);
        this.mode = VALUE;
        return i + 1;
      case AFTER_VALUE: {
        const inObject = this.kinds[this.depth - 1] === OBJECT;
        if (c === 0x2c) {
          this.mode = inObject ? KEY : VALUE;
          return i + 1;
        }
        if (c === (inObject ? 0x7d : 0x5d)) return this.close(i, chunk, out);
        return this.fail(`unexpected ${shown(c)} where ',' or '${inObject ? '}' : ']'}' should be`, i);
      }
      default:
        return this.fail(`unexpected ${shown(c)} after the end of the JSON document`, i);
    }
  }

  /** A value starts at `i`; returns where the walk goes on. */
  private startValue(c: number, i: number, chunk: Buffer, out: ScannedEntry[]): number {
    const parent = this.depth === 0 ? OTHER : (this.roles[this.depth - 1] as number);
    const role = this.depth === 0 ? ROOT : this.pendingRole;
    this.pendingRole = OTHER;
    if (role === ROOT && c !== 0x7b) this.fail('not a HAR: the file is not a JSON object', i);
    if (role === LOG && c !== 0x7b) this.fail('not a HAR: log is not an object', i);
    if (role === ENTRIES && c !== 0x5b) this.fail('not a HAR: log.entries is not an array', i);
    if (parent === ENTRIES) this.startEntry(i);
    const literal = LITERALS[c];
    if (parent === ENTRIES && (c === 0x7b || c === 0x5b)) {
      this.entryScanned = true;
      this.entryBaseDepth = this.depth;
      this.entryInString = false;
      this.entryEscaped = false;
      this.open(c === 0x7b ? OBJECT : ARRAY, OTHER, i);
      this.mode = ENTRY;
      return c === 0x7b ? this.endAtSeparator(chunk, i, out) : i + 1;
    }
    if (c === 0x7b) {
      this.open(OBJECT, role, i);
      this.mode = FIRST_KEY;
    } else if (c === 0x5b) {
      this.open(ARRAY, role, i);
      if (role === ENTRIES) this.sawEntries = true;
      this.mode = FIRST_VALUE;
    } else if (c === QUOTE) {
      this.stringIsKey = false;
      this.capturingKey = false;
      this.mode = STRING;
    } else if (c === 0x2d || isDigit(c)) {
      this.numberState = c === 0x2d ? N_MINUS : c === 0x30 ? N_ZERO : N_INT;
      this.mode = NUMBER;
    } else if (literal) {
      this.literal = literal;
      this.literalAt = 1;
      this.mode = LITERAL;
    } else this.fail(`unexpected ${shown(c)} where a value should be`, i);
    return i + 1;
  }

  private open(kind: number, role: number, i: number): void {
    if (this.depth === MAX_DEPTH) this.fail(`JSON nested deeper than ${MAX_DEPTH} levels`, i);
    this.kinds[this.depth] = kind;
    this.roles[this.depth] = role;
    this.depth++;
  }

  private close(i: number, chunk: Buffer, out: ScannedEntry[]): number {
    this.depth--;
    this.endValue(i + 1, chunk, out);
    return i + 1;
  }

  /** A value ended just before `end` (in the current chunk). */
  private endValue(end: number, chunk: Buffer, out: ScannedEntry[]): void {
    if (this.depth === 0) {
      this.mode = DONE;
      return;
    }
    this.mode = AFTER_VALUE;
    if (this.roles[this.depth - 1] === ENTRIES) out.push(this.endEntry(end, chunk));
  }

  private startKey(): void {
    const role = this.roles[this.depth - 1];
    this.stringIsKey = true;
    this.capturingKey = role === ROOT || role === LOG;
    this.keyLength = 0;
    this.mode = STRING;
  }

  private captureKey(chunk: Buffer, from: number, to: number): void {
    // A key longer than the capture cannot be `log` or `entries`, even spelt with escapes.
    if (this.keyLength + to - from > KEY_CAPTURE_BYTES) {
      this.capturingKey = false;
      return;
    }
    this.keyBytes.set(chunk.subarray(from, to), this.keyLength);
    this.keyLength += to - from;
  }

  private endKey(): void {
    this.mode = COLON;
    this.pendingRole = OTHER;
    if (!this.capturingKey) return;
    this.capturingKey = false;
    const raw = Buffer.from(this.keyBytes.buffer, 0, this.keyLength).toString('utf8');
    const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const role = this.roles[this.depth - 1];
    if (role === ROOT && key === 'log') this.pendingRole = LOG;
    else if (role === LOG && key === 'entries') this.pendingRole = ENTRIES;
  }

  private numberContinues(c: number, i: number): boolean {
    const digit = isDigit(c);
    const exponent = c === 0x65 || c === 0x45;
    switch (this.numberState) {
      case N_MINUS:
        if (!digit) this.fail(`unexpected ${shown(c)} in a number`, i);
        this.numberState = c === 0x30 ? N_ZERO : N_INT;
        return true;
      case N_ZERO:
      case N_INT:
      case N_FRAC:
        if (digit && this.numberState !== N_ZERO) return true;
        if (c === 0x2e && this.numberState !== N_FRAC) this.numberState = N_DOT;
        else if (exponent) this.numberState = N_EXP;
        else return false;
        return true;
      case N_DOT:
        if (!digit) this.fail(`unexpected ${shown(c)} in a number`, i);
        this.numberState = N_FRAC;
        return true;
      case N_EXP:
        if (c === 0x2b || c === 0x2d) this.numberState = N_EXP_SIGN;
        else if (digit) this.numberState = N_EXP_DIGITS;
        else this.fail(`unexpected ${shown(c)} in a number`, i);
        return true;
      case N_EXP_SIGN:
        if (!digit) this.fail(`unexpected ${shown(c)} in a number`, i);
        this.numberState = N_EXP_DIGITS;
        return true;
      default:
        return digit;
    }
  }

  /** HAR allows a UTF-8 byte order mark before the document; its bytes may come in separate chunks. */
  private atByteOrderMark(c: number, i: number): boolean {
    const at = this.base + i;
    if (at === this.bomMatched && at < BOM.length && c === BOM[at]) {
      this.bomMatched++;
      return true;
    }
    if (this.bomMatched > 0 && this.bomMatched < BOM.length) this.fail('an incomplete byte order mark', i);
    return false;
  }

  private startEntry(i: number): void {
    this.inEntry = true;
    this.entryIndex = this.nextIndex++;
    this.entryOffset = this.base + i;
    this.entryStartInChunk = i;
    this.entryHeldLength = 0;
    this.entryOversize = false;
    this.entryScanned = false;
  }

  /**
   * Follows a scanned entry through the chunk from `from`: strings (where a backslash escapes the
   * byte after it) and the nesting, not the grammar. Returns where the walk goes on: after the
   * entry once its first bracket closes, or the end of the chunk.
   */
  private scanEntry(chunk: Buffer, from: number, out: ScannedEntry[]): number {
    const n = chunk.length;
    const kinds = this.kinds;
    let depth = this.depth;
    let inString = this.entryInString;
    let escaped = this.entryEscaped;
    let i = from;
    while (i < n) {
      if (inString) {
        if (escaped) {
          escaped = false;
          i++;
          continue;
        }
        while (i < n) {
          const b = chunk[i] as number;
          if (b === QUOTE || b === BACKSLASH) break;
          i++;
        }
        if (i === n) break;
        if (chunk[i] === QUOTE) inString = false;
        else escaped = true;
        i++;
        continue;
      }
      const b = chunk[i++] as number;
      if (b === QUOTE) inString = true;
      else if (b === 0x7b || b === 0x5b) {
        if (depth === MAX_DEPTH) this.entryFault(chunk, i);
        kinds[depth++] = b === 0x7b ? OBJECT : ARRAY;
      } else if (b === 0x7d || b === 0x5d) {
        // A bracket closing what it did not open: reported now, not once the entry has run on to the cap.
        if (kinds[depth - 1] !== (b === 0x7d ? OBJECT : ARRAY)) this.entryFault(chunk, i);
        if (--depth === this.entryBaseDepth) {
          this.depth = depth;
          this.mode = AFTER_VALUE;
          this.previousEnd = i;
          out.push(this.endEntry(i, chunk));
          return i;
        }
      }
    }
    this.depth = depth;
    this.entryInString = inString;
    this.entryEscaped = escaped;
    return n;
  }

  /**
   * A HAR writer puts the same bytes between one entry and the next, up to the next one's first key:
   * `},\n    {\n      "startedDateTime"` pretty-printed, `},{"_initiator"` compact. Where they come
   * next in the chunk, the entry starting at `start` most likely ends there, and if the bytes up to
   * there parse, it does (a JSON value ends where it ends): it is handed on without being scanned.
   * If not (the bytes came inside a string or inside the entry, or the next entry starts
   * otherwise), it is scanned from after its first bracket. Returns where the walk goes on.
   */
  private endAtSeparator(chunk: Buffer, start: number, out: ScannedEntry[]): number {
    if (this.separator === undefined) this.learnSeparator(chunk, start);
    const at = this.separator === undefined ? -1 : chunk.indexOf(this.separator, start);
    const end = at + 1;
    if (at === -1 || end - start > this.maxEntryBytes) return start + 1;
    let value: unknown;
    try {
      value = JSON.parse(chunk.toString('utf8', start, end)) as unknown;
    } catch {
      // Not where the entry ends after all (the bytes came inside it, the file's spacing changed, or the entry is broken): learnt again from the next two.
      this.separator = undefined;
      return start + 1;
    }
    // JSON.parse follows any nesting: refused here as the scan refuses it. Each level takes two bytes, so a shorter entry cannot nest too deep.
    const levels = MAX_DEPTH - this.entryBaseDepth;
    if (end - start >= 2 * (levels + 1) && nestsDeeper(value, levels)) this.entryFault(chunk, end);
    this.depth = this.entryBaseDepth;
    this.mode = AFTER_VALUE;
    this.previousEnd = end;
    out.push(this.finishEntry({ kind: 'entry', index: this.entryIndex, offset: this.entryOffset, value }));
    return end;
  }

  /** The bytes from the closing brace of the entry before to the end of the first key of the entry at `start`, if they are all in this chunk. */
  private learnSeparator(chunk: Buffer, start: number): void {
    if (this.previousEnd < 1 || chunk[this.previousEnd - 1] !== 0x7d) return;
    let key = start + 1;
    while (key < chunk.length && isSpace(chunk[key] as number)) key++;
    const keyEnd = chunk[key] === QUOTE ? chunk.indexOf(QUOTE, key + 1) : -1;
    if (keyEnd === -1 || keyEnd - this.previousEnd > MAX_SEPARATOR_BYTES) return;
    const between = chunk.subarray(this.previousEnd - 1, keyEnd + 1);
    // A backslash in the key: its first quote after the opening one may not end it.
    if (!between.includes(BACKSLASH)) this.separator = Buffer.from(between);
  }

  private endEntry(end: number, chunk: Buffer): ScannedEntry {
    const index = this.entryIndex;
    const offset = this.entryOffset;
    const bytes = this.entryHeldLength + end - this.entryStartInChunk;
    if (this.entryOversize || bytes > this.maxEntryBytes) {
      // Skipped unparsed, yet a fault in it breaks the file as anywhere else.
      if (this.entryScanned) this.checkEntry(chunk, end);
      return this.finishEntry({ kind: 'oversize', index, offset, bytes });
    }
    return this.finishEntry({ kind: 'entry', index, offset, value: this.parsedEntry(chunk, end, bytes) });
  }

  private finishEntry(entry: ScannedEntry): ScannedEntry {
    this.inEntry = false;
    this.entryCheck = undefined;
    if (this.held.length > KEEP_HELD_BYTES) this.held = Buffer.alloc(0);
    return entry;
  }

  private parsedEntry(chunk: Buffer, end: number, bytes: number): unknown {
    let text: string;
    if (this.entryHeldLength === 0) text = chunk.toString('utf8', this.entryStartInChunk, end);
    else {
      this.reserve(bytes);
      chunk.copy(this.held, this.entryHeldLength, 0, end);
      text = this.held.toString('utf8', 0, bytes);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // The parser's message may quote the entry: the careful walk says what and where instead.
      return this.entryFault(chunk, end);
    }
  }

  /** The scanned entry is broken before `end` in this chunk: throws what the careful walk finds. */
  private entryFault(chunk: Buffer, end: number): never {
    this.checkEntry(chunk, end);
    // Not reached: the walk accepts exactly what JSON.parse does, and checks the nesting as the scan does.
    throw new HarSyntaxError(`log.entries[${this.entryIndex}] is not JSON`, this.entryOffset);
  }

  /**
   * The careful walk over the scanned entry's bytes up to `end` in this chunk, from where the last
   * call left it: throws at the entry's first fault, with the reason and the offset the walk of the
   * whole file gives.
   */
  private checkEntry(chunk: Buffer, end: number): void {
    if (!this.entryCheck) {
      const walk = new HarEntryScanner(this.maxEntryBytes);
      // At the entry's depth, for the nesting limit; the levels above it have no role, so the walk hands nothing on.
      walk.base = this.entryOffset;
      walk.depth = this.entryBaseDepth;
      walk.push(this.held.subarray(0, this.entryHeldLength));
      this.entryCheck = walk;
    }
    this.entryCheck.push(chunk.subarray(this.entryStartInChunk, end));
  }

  /** The entry goes on in the next chunk: keeps its bytes from this one, unless that takes it over the cap. */
  private holdRestOfChunk(chunk: Buffer): void {
    const more = chunk.length - this.entryStartInChunk;
    const total = this.entryHeldLength + more;
    if (!this.entryOversize && total > this.maxEntryBytes) {
      // Its bytes are let go: a scanned entry is walked carefully as it comes from here on.
      if (this.entryScanned) this.checkEntry(chunk, chunk.length);
      this.entryOversize = true;
      this.held = Buffer.alloc(0);
    } else if (this.entryOversize && this.entryScanned) this.checkEntry(chunk, chunk.length);
    if (!this.entryOversize) {
      this.reserve(total);
      chunk.copy(this.held, this.entryHeldLength, this.entryStartInChunk);
    }
    this.entryHeldLength = total;
    this.entryStartInChunk = 0;
  }

  /**
   * Room for `bytes` plus the rest of the entry, which is at most the cap: the buffer doubles, so
   * a large entry is copied a logarithmic number of times, but never past the cap.
   */
  private reserve(bytes: number): void {
    if (this.held.length >= bytes) return;
    const size = Math.min(this.maxEntryBytes, Math.max(bytes, 2 * this.held.length, MIN_HELD_BYTES));
    const grown = Buffer.allocUnsafe(size);
    this.held.copy(grown, 0, 0, this.entryHeldLength);
    this.held = grown;
    this.heldHighWaterMark = Math.max(this.heldHighWaterMark, size);
  }

  /** `i` is the offending byte's position in the current chunk. */
  private fail(reason: string, i: number): never {
    throw new HarSyntaxError(reason, this.base + i);
  }
}

/** Whether `value` nests objects and arrays more than `levels` deep (itself the first level). */
function nestsDeeper(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  // By index and by key rather than through Object.values: no array of the children per object of every long entry.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nestsDeeper(value[i], levels - 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeper((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}
