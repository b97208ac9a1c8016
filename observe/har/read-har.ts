import type { ObservedExchange } from '../exchange.js';
import { ExchangeView } from '../judge/exchange-view.js';
import { mergedByStart } from '../merge-by-start.js';
import { DEFAULT_CHUNK_BYTES, fileChunks } from './file-chunks.js';
import { DEFAULT_MAX_ENTRY_BYTES, HarEntryScanner, HarSyntaxError, type ScannedEntry } from './har-entries.js';
import { exchangeFromEntry } from './har-exchange.js';
import { firstIssue, harEntrySchema } from './har-schema.js';
import { plainHarEntry } from './plain-entry.js';

/** Skipped entries listed per file; further ones are only counted, so a file of broken entries cannot grow the summary. */
export const LISTED_SKIPS = 20;

export interface HarReadOptions {
  /** An entry longer than this many bytes is skipped unread; default `DEFAULT_MAX_ENTRY_BYTES` (64 MiB). */
  maxEntryBytes?: number;
  /** Bytes read from the file at a time; default `DEFAULT_CHUNK_BYTES` (256 KiB). */
  chunkBytes?: number;
}

export interface SkippedEntry {
  /** Its 0-based position in `log.entries`. */
  index: number;
  /** `oversize`: longer than the cap; `invalid`: fails the entry schema; `cached`: served from the browser's cache (`_fromCache`), never sent to the target. */
  reason: 'oversize' | 'invalid' | 'cached';
  /** Its length, or the schema's first issue: never a recorded value. */
  detail: string;
}

/** What reading one file gave; filled in as its exchanges are taken, complete once they all are. */
export interface HarFileSummary {
  file: string;
  entries: number;
  /** Answered, valid entries: the exchanges judged. */
  exchanges: number;
  /** Entries of status 0 or -1 (blocked, cancelled, failed: no answer), handed on with `unanswered` set, since the target may have counted them. */
  unanswered: number;
  /** Of files read together: exchanges that came later in the file than its reorder window allows (merge-by-start.ts), judged where they came. */
  outOfOrder?: number;
  /** A sanitized export (strippedOfCredentials): its exchanges are marked `credentialsStripped`. */
  credentialsStripped?: true;
  skipped: Record<SkippedEntry['reason'], number>;
  /** The first `LISTED_SKIPS` skipped entries. */
  listedSkips: SkippedEntry[];
  /** The largest buffer the walk held for one entry (bytes): the reader's only state that grows with the input. */
  heldBytesHighWaterMark: number;
}

/** A file that cannot be read, is not JSON or not a HAR: the message names the file and, for its content, the byte offset. */
export class HarReadError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly offset?: number,
  ) {
    super(offset === undefined ? `${file}: ${reason}` : `${file}: ${reason} (byte offset ${offset})`);
    this.name = 'HarReadError';
  }
}

export interface HarReading {
  /**
   * One exchange per valid entry that reached the target (those of status 0 marked `unanswered`):
   * one file in entry order; several files merged by request start (merge-by-start.ts). Throws
   * `HarReadError` at the first broken file.
   */
  exchanges: AsyncGenerator<ObservedExchange, void, undefined>;
  /** One per file begun. */
  summaries: HarFileSummary[];
}

/** Reads HAR 1.2 files, streamed: the memory it takes does not grow with a file's length (har-entries.ts). */
export function readHar(files: readonly string[], options: HarReadOptions = {}): HarReading {
  const summaries: HarFileSummary[] = [];
  const begun = (file: string): HarFileSummary => {
    const summary = emptySummary(file);
    summaries.push(summary);
    return summary;
  };
  async function* merged(): AsyncGenerator<ObservedExchange, void, undefined> {
    const streams = files.map((file) => {
      const summary = begun(file);
      return exchangesOf(file, () => summary, options, true);
    });
    for (const summary of summaries) summary.outOfOrder = 0;
    yield* mergedByStart(streams, (i) => (summaries[i] as HarFileSummary).outOfOrder!++);
  }
  // One file is read by a single generator: each generator more that hands the exchanges on costs a step and its promises per exchange.
  const [only] = files;
  return { exchanges: files.length === 1 && only !== undefined ? exchangesOf(only, () => begun(only), options, true) : merged(), summaries };
}

const emptySummary = (file: string): HarFileSummary => ({ file, entries: 0, exchanges: 0, unanswered: 0, skipped: { oversize: 0, invalid: 0, cached: 0 }, listedSkips: [], heldBytesHighWaterMark: 0 });

/**
 * Whether the file is an export without its credentials, as Chrome's DevTools write one by
 * default ("Export HAR (sanitized)": no Authorization, Cookie, Set-Cookie): none of its API
 * requests carries an Authorization header, yet a protected one was answered 2xx. A walk of its
 * own before the reading, which ends at the first Authorization header, so a recording with tokens
 * is barely read twice; a broken file is left for the reading to report.
 */
async function strippedOfCredentials(file: string, options: HarReadOptions): Promise<boolean> {
  const scratch = emptySummary(file);
  let servedWithoutToken = false;
  try {
    for await (const x of exchangesOf(file, () => scratch, options, false)) {
      const view = new ExchangeView(x, 0);
      if (view.apiPath === undefined) continue;
      if (view.requestHeader('authorization') !== undefined) return false;
      if (x.unanswered === undefined && view.isProtected && view.status >= 200 && view.status < 300) servedWithoutToken = true;
    }
  } catch {
    // The reading reports the break, after the exchanges before it.
  }
  return servedWithoutToken;
}

/**
 * The exchanges of one file. `summaryOf` gives the file's summary as the reading begins.
 * `checkStripped`: whether the file is first walked to tell a sanitized export, whose exchanges are
 * then marked `credentialsStripped`.
 */
async function* exchangesOf(file: string, summaryOf: () => HarFileSummary, options: HarReadOptions, checkStripped: boolean): AsyncGenerator<ObservedExchange, void, undefined> {
  const summary = summaryOf();
  const stripped = checkStripped && (await strippedOfCredentials(file, options));
  if (stripped) summary.credentialsStripped = true;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const scanner = new HarEntryScanner(maxEntryBytes);
  try {
    for await (const chunk of fileChunks(file, options.chunkBytes ?? DEFAULT_CHUNK_BYTES)) {
      const scanned = scanner.push(chunk);
      summary.heldBytesHighWaterMark = scanner.highWaterMark;
      for (const entry of scanned) {
        summary.entries++;
        const read = exchangeOrSkip(file, entry, maxEntryBytes);
        if ('reason' in read) {
          summary.skipped[read.reason]++;
          if (summary.listedSkips.length < LISTED_SKIPS) summary.listedSkips.push(read);
          continue;
        }
        if (read.unanswered === undefined) summary.exchanges++;
        else summary.unanswered++;
        // Object.assign, not a spread: a spread that adds a member gives each exchange a hidden class of its own (customer-hash.ts).
        yield stripped ? Object.assign({}, read, { credentialsStripped: true as const }) : read;
      }
    }
    scanner.end();
  } catch (error) {
    throw asReadError(file, error);
  }
}

function exchangeOrSkip(file: string, entry: ScannedEntry, maxEntryBytes: number): ObservedExchange | SkippedEntry {
  const { index } = entry;
  if (entry.kind === 'oversize') return { index, reason: 'oversize', detail: `${entry.bytes} bytes from byte offset ${entry.offset}, over the cap of ${maxEntryBytes}` };
  let data = plainHarEntry(entry.value);
  if (!data) {
    const parsed = harEntrySchema.safeParse(entry.value);
    if (!parsed.success) return { index, reason: 'invalid', detail: firstIssue(parsed.error) };
    data = parsed.data;
  }
  if (data._fromCache !== undefined) return { index, reason: 'cached', detail: `_fromCache ${data._fromCache === 'disk' || data._fromCache === 'memory' ? data._fromCache : '(other)'}` };
  const exchange = exchangeFromEntry(file, index, data);
  const { status } = data.response;
  // Object.assign, as in exchangesOf.
  return status < 1 ? Object.assign({}, exchange, { unanswered: `status ${status}` }) : exchange;
}

function asReadError(file: string, error: unknown): unknown {
  if (error instanceof HarSyntaxError) return new HarReadError(file, error.reason, error.offset);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? new HarReadError(file, `cannot be read (${code})`) : error;
}
