import { createReadStream } from 'node:fs';
import type { ObservedExchange } from '../exchange.js';
import { DEFAULT_MAX_ENTRY_BYTES, HarEntryScanner, HarSyntaxError, type ScannedEntry } from './har-entries.js';
import { exchangeFromEntry } from './har-exchange.js';
import { firstIssue, harEntrySchema } from './har-schema.js';

/** Skipped entries listed per file; further ones are only counted, so a file of broken entries cannot grow the summary. */
export const LISTED_SKIPS = 20;

export interface HarReadOptions {
  /** An entry longer than this many bytes is skipped unread; default `DEFAULT_MAX_ENTRY_BYTES` (64 MiB). */
  maxEntryBytes?: number;
  /** Bytes read from the file at a time; default 64 KiB. */
  chunkBytes?: number;
}

export interface SkippedEntry {
  /** Its 0-based position in `log.entries`. */
  index: number;
  /** `oversize`: longer than the cap; `invalid`: fails the entry schema; `unanswered`: status 0, the request got no answer (a browser's blocked or cancelled request). */
  reason: 'oversize' | 'invalid' | 'unanswered';
  /** Its length, or the schema's first issue: never a recorded value. */
  detail: string;
}

/** What reading one file gave; filled in as its exchanges are taken, complete once they all are. */
export interface HarFileSummary {
  file: string;
  entries: number;
  exchanges: number;
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
  /** One exchange per answered, valid entry, file after file, each file in entry order; throws `HarReadError` at the first broken file. */
  exchanges: AsyncGenerator<ObservedExchange, void, undefined>;
  /** One per file begun. */
  summaries: HarFileSummary[];
}

/** Reads HAR 1.2 files in turn, streamed: the memory it takes does not grow with a file's length (har-entries.ts). */
export function readHar(files: readonly string[], options: HarReadOptions = {}): HarReading {
  const summaries: HarFileSummary[] = [];
  async function* exchanges(): AsyncGenerator<ObservedExchange, void, undefined> {
    for (const file of files) {
      const summary: HarFileSummary = { file, entries: 0, exchanges: 0, skipped: { oversize: 0, invalid: 0, unanswered: 0 }, listedSkips: [], heldBytesHighWaterMark: 0 };
      summaries.push(summary);
      yield* exchangesOf(file, summary, options);
    }
  }
  return { exchanges: exchanges(), summaries };
}

async function* exchangesOf(file: string, summary: HarFileSummary, options: HarReadOptions): AsyncGenerator<ObservedExchange, void, undefined> {
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const scanner = new HarEntryScanner(maxEntryBytes);
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: options.chunkBytes ?? 64 * 1024 })) {
      const scanned = scanner.push(chunk as Buffer);
      summary.heldBytesHighWaterMark = scanner.highWaterMark;
      for (const entry of scanned) {
        summary.entries++;
        const read = exchangeOrSkip(file, entry, maxEntryBytes);
        if ('reason' in read) {
          summary.skipped[read.reason]++;
          if (summary.listedSkips.length < LISTED_SKIPS) summary.listedSkips.push(read);
          continue;
        }
        summary.exchanges++;
        yield read;
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
  // The walk has checked the entry's JSON grammar, so this parse cannot fail.
  const parsed = harEntrySchema.safeParse(JSON.parse(entry.text));
  if (!parsed.success) return { index, reason: 'invalid', detail: firstIssue(parsed.error) };
  if (parsed.data.response.status === 0) return { index, reason: 'unanswered', detail: 'status 0' };
  return exchangeFromEntry(file, index, parsed.data);
}

function asReadError(file: string, error: unknown): unknown {
  if (error instanceof HarSyntaxError) return new HarReadError(file, error.reason, error.offset);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? new HarReadError(file, `cannot be read (${code})`) : error;
}
