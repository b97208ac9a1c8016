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
 * Appends exchanges to an exchange log, one line each, through one write stream: lines wait in
 * the stream's buffer while the disk is slower than the traffic, nothing is written
 * synchronously, and the lines of one turn of the event loop go out in one write. A new or empty file gets the header first; a log that already has
 * lines is continued. Parent folders are made.
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
  return {
    write(exchange) {
      if (failure) throw failure;
      if (closing) throw new Error(`${file}: the exchange log is closed`);
      if (exchange.request.headers.some((h) => h.name.toLowerCase() === 'authorization' && !SCRUBBED_AUTHORIZATION.test(h.value))) {
        throw new Error(`${file}: refused an exchange that carries a credential (pass it through withoutCredentials first)`);
      }
      // The lines of one turn of the event loop go to the file in one write, not one each.
      if (!stream.writableCorked) {
        stream.cork();
        setImmediate(() => stream.uncork());
      }
      stream.write(`${JSON.stringify(logRecord(exchange))}\n`);
      count++;
    },
    written: () => count,
    close() {
      closing ??= (async () => {
        while (stream.writableCorked) stream.uncork();
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
