import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ObservedExchange } from '../exchange.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';
import { EXCHANGE_LOG_VERSION, logRecord, type ExchangeLogHeader } from './exchange-log-schema.js';

export interface ExchangeLogWriter {
  /** Appends one exchange (its credentials already replaced, as `withoutCredentials` gives it); throws after a write error, or for an exchange that still carries a credential. */
  write(exchange: ObservedExchange | RecordedExchange): void;
  /** Ends the file once everything written is on disk; rejects with a write error. */
  close(): Promise<void>;
  /** Exchanges written. */
  written(): number;
}

/** An Authorization value that carries no credential, or only the hash `withoutCredentials` put in its place. */
const SCRUBBED_AUTHORIZATION = /^(?:|bearer\s*|(?:\S+\s+)?customer:[0-9a-f]{16})$/i;

/**
 * Lines gathered before they go to the file in one write. Each write of the stream is a round trip
 * through libuv's thread pool, waking a thread and then the event loop: the proxy records
 * exchanges one by one between answers, and a write per exchange (or per turn of the event loop,
 * nearly the same at a steady rate) would cost the answers that wake-up each time.
 */
export const LOG_CHUNK_CHARS = 64 * 1024;
/** How long a line waits at most for its chunk to fill before it is written anyway. */
export const LOG_FLUSH_MS = 25;

/**
 * Appends exchanges to an exchange log, one line each, through one write stream, in chunks of
 * lines (`LOG_CHUNK_CHARS`, or what `LOG_FLUSH_MS` gathered): chunks wait in the stream's buffer
 * while the disk is slower than the traffic, and nothing is written synchronously. A new or empty
 * file gets the header first; a log that already has lines is continued. Parent folders are made.
 */
export function createExchangeLogWriter(file: string, recordedBy: string): ExchangeLogWriter {
  mkdirSync(dirname(file), { recursive: true });
  const fresh = sizeOf(file) === 0;
  const stream = createWriteStream(file, { flags: 'a' });
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  if (fresh) {
    const header: ExchangeLogHeader = { cpfExchangeLog: EXCHANGE_LOG_VERSION, recordedBy, startedAt: new Date().toISOString() };
    stream.write(`${JSON.stringify(header)}\n`);
  }
  let count = 0;
  let closing: Promise<void> | undefined;
  let lines: string[] = [];
  let chars = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    stream.write(lines.join(''));
    lines = [];
    chars = 0;
  };
  return {
    write(exchange) {
      if (failure) throw failure;
      if (closing) throw new Error(`${file}: the exchange log is closed`);
      if (exchange.request.headers.some((h) => h.name.toLowerCase() === 'authorization' && !SCRUBBED_AUTHORIZATION.test(h.value))) {
        throw new Error(`${file}: refused an exchange that carries a credential (pass it through withoutCredentials first)`);
      }
      const line = `${JSON.stringify(logRecord(exchange))}\n`;
      lines.push(line);
      chars += line.length;
      count++;
      if (chars >= LOG_CHUNK_CHARS) flush();
      else timer ??= setTimeout(flush, LOG_FLUSH_MS);
    },
    written: () => count,
    close() {
      closing ??= (async () => {
        flush();
        stream.end();
        await finished(stream);
        if (failure) throw failure;
      })();
      return closing;
    },
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
