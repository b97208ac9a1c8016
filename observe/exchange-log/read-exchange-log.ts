import { DEFAULT_CHUNK_BYTES, fileChunks } from '../har/file-chunks.js';
import { LISTED_SKIPS } from '../har/read-har.js';
import { mergedByStart } from '../merge-by-start.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';
import { exchangeLogHeaderSchema, exchangeLogRecordSchema, exchangeOfRecord, firstIssue, EXCHANGE_LOG_VERSION, type ExchangeLogHeader } from './exchange-log-schema.js';
import { DEFAULT_MAX_LINE_BYTES, LineScanner, type ScannedLine } from './line-scanner.js';
import { plainRecord } from './plain-record.js';

export interface ExchangeLogReadOptions {
  /** A line longer than this many bytes is skipped unread; default `DEFAULT_MAX_LINE_BYTES` (64 MiB). */
  maxLineBytes?: number;
  /** Bytes read from the file at a time; default `DEFAULT_CHUNK_BYTES` (256 KiB). */
  chunkBytes?: number;
}

export interface SkippedRecord {
  /** Its 0-based position among the log's records. */
  index: number;
  /** Its line in the file, from 1 (the header is line 1). */
  line: number;
  /** `oversize`: longer than the cap; `invalid`: not JSON, or fails the record schema. */
  reason: 'oversize' | 'invalid';
  /** Its length, or the schema's first issue: never a recorded value. */
  detail: string;
}

/** What reading one file gave; filled in as its exchanges are taken, complete once they all are. */
export interface ExchangeLogFileSummary {
  file: string;
  /** The log's header, once read. */
  header?: { recordedBy: string; startedAt: string };
  /** Record lines (blank lines are not records). */
  entries: number;
  exchanges: number;
  skipped: Record<SkippedRecord['reason'], number>;
  /** The first `LISTED_SKIPS` skipped records. */
  listedSkips: SkippedRecord[];
  /** The most bytes held at once for a line spanning read chunks: the reader's only state that grows with the input. */
  heldBytesHighWaterMark: number;
  /** Of files read together: exchanges that came later in the file than its reorder window allows (merge-by-start.ts), judged where they came. */
  outOfOrder?: number;
}

/** A file that cannot be read, or is not an exchange log (its first line is not the header). */
export class ExchangeLogReadError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly line?: number,
  ) {
    super(line === undefined ? `${file}: ${reason}` : `${file}: ${reason} (line ${line})`);
    this.name = 'ExchangeLogReadError';
  }
}

export interface ExchangeLogReading {
  /**
   * One exchange per valid record: one file in record order; several files merged by request
   * start (merge-by-start.ts). Throws `ExchangeLogReadError` at the first broken file.
   */
  exchanges: AsyncGenerator<RecordedExchange, void, undefined>;
  /** One per file begun. */
  summaries: ExchangeLogFileSummary[];
}

const NOT_A_LOG = `not an exchange log: its first line is not the header {"cpfExchangeLog":${EXCHANGE_LOG_VERSION},...}`;

/** Reads exchange logs, streamed: the memory it takes does not grow with a file's length. */
export function readExchangeLog(files: readonly string[], options: ExchangeLogReadOptions = {}): ExchangeLogReading {
  const summaries: ExchangeLogFileSummary[] = [];
  const begun = (file: string): ExchangeLogFileSummary => {
    const summary: ExchangeLogFileSummary = { file, entries: 0, exchanges: 0, skipped: { oversize: 0, invalid: 0 }, listedSkips: [], heldBytesHighWaterMark: 0 };
    summaries.push(summary);
    return summary;
  };
  async function* merged(): AsyncGenerator<RecordedExchange, void, undefined> {
    const streams = files.map((file) => {
      const summary = begun(file);
      return exchangesOf(file, () => summary, options);
    });
    for (const summary of summaries) summary.outOfOrder = 0;
    yield* mergedByStart(streams, (i) => (summaries[i] as ExchangeLogFileSummary).outOfOrder!++);
  }
  // One file is read by a single generator, as in read-har.ts.
  const [only] = files;
  return { exchanges: files.length === 1 && only !== undefined ? exchangesOf(only, () => begun(only), options) : merged(), summaries };
}

/** The exchanges of one file; `summaryOf` gives the file's summary as the reading begins. */
async function* exchangesOf(file: string, summaryOf: () => ExchangeLogFileSummary, options: ExchangeLogReadOptions): AsyncGenerator<RecordedExchange, void, undefined> {
  const summary = summaryOf();
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const scanner = new LineScanner(maxLineBytes);
  let first = true;
  const take = (scanned: ScannedLine): RecordedExchange | undefined => {
    if (first) {
      first = false;
      const { recordedBy, startedAt } = headerOf(file, scanned);
      summary.header = { recordedBy, startedAt };
      return undefined;
    }
    if (scanned.kind === 'line' && isBlank(scanned.bytes)) return undefined;
    const index = summary.entries++;
    const read = exchangeOrSkip(file, index, scanned, maxLineBytes);
    if ('reason' in read) {
      summary.skipped[read.reason]++;
      if (summary.listedSkips.length < LISTED_SKIPS) summary.listedSkips.push(read);
      return undefined;
    }
    summary.exchanges++;
    return read;
  };
  try {
    for await (const chunk of fileChunks(file, options.chunkBytes ?? DEFAULT_CHUNK_BYTES)) {
      const lines = scanner.push(chunk);
      summary.heldBytesHighWaterMark = scanner.highWaterMark;
      for (const scanned of lines) {
        const exchange = take(scanned);
        if (exchange) yield exchange;
      }
    }
    const last = scanner.end();
    const exchange = last && take(last);
    if (exchange) yield exchange;
    if (first) throw new ExchangeLogReadError(file, 'not an exchange log: the file is empty');
  } catch (error) {
    throw asReadError(file, error);
  }
}

function headerOf(file: string, scanned: ScannedLine): ExchangeLogHeader {
  if (scanned.kind === 'oversize') throw new ExchangeLogReadError(file, NOT_A_LOG, 1);
  const bytes = scanned.bytes[0] === 0xef && scanned.bytes[1] === 0xbb && scanned.bytes[2] === 0xbf ? scanned.bytes.subarray(3) : scanned.bytes;
  const parsed = exchangeLogHeaderSchema.safeParse(parsedJson(bytes));
  if (parsed.success) return parsed.data;
  const version = (parsedJson(bytes) as { cpfExchangeLog?: unknown } | undefined)?.cpfExchangeLog;
  if (typeof version === 'number' && version !== EXCHANGE_LOG_VERSION) throw new ExchangeLogReadError(file, `exchange log version ${version} is not supported (this reader reads version ${EXCHANGE_LOG_VERSION})`, 1);
  throw new ExchangeLogReadError(file, version === undefined ? NOT_A_LOG : `not an exchange log: its header is invalid (${firstIssue(parsed.error)})`, 1);
}

function exchangeOrSkip(file: string, index: number, scanned: ScannedLine, maxLineBytes: number): RecordedExchange | SkippedRecord {
  const { line } = scanned;
  if (scanned.kind === 'oversize') return { index, line, reason: 'oversize', detail: `${scanned.bytes} bytes, over the cap of ${maxLineBytes}` };
  const json = parsedJson(scanned.bytes);
  // The parser's message quotes the line: only that it is not JSON is said.
  if (json === undefined) return { index, line, reason: 'invalid', detail: 'not JSON' };
  let record = plainRecord(json);
  if (!record) {
    const parsed = exchangeLogRecordSchema.safeParse(json);
    if (!parsed.success) return { index, line, reason: 'invalid', detail: firstIssue(parsed.error) };
    record = parsed.data;
  }
  return exchangeOfRecord(file, index, record);
}

function parsedJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}

function asReadError(file: string, error: unknown): unknown {
  if (error instanceof ExchangeLogReadError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? new ExchangeLogReadError(file, `cannot be read (${code})`) : error;
}
