import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Log } from '../log.js';
import { connectionErrors, errors, type ApiError } from './api-error.js';

/**
 * What a slow or greedy client may hold. Node's defaults let a client that sends its headers a byte
 * at a time keep a connection for about 78 s and a slow body for about 313 s (timeouts checked only
 * every 30 s); a single address could open connections until the process runs out of descriptors.
 */
export interface ConnectionLimits {
  /** Time from a request's first byte until its headers are complete. */
  headersTimeoutMs: number;
  /** Time from a request's first byte until its body is complete (a 64 KiB body needs far less). */
  requestTimeoutMs: number;
  /**
   * Open connections per remote address; further ones are closed at once. 0 = no cap. The default
   * leaves room for the kit's own traffic from one address: the load script's 200 parallel
   * connections, the harness's pooled keep-alive connections (at most 128 per worker), the bench.
   */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnectionsPerAddress: 256,
});

/** How often Node looks for requests past their timeouts: a tenth of the shorter one, 50 ms to 1 s. */
function checkingIntervalMs(limits: ConnectionLimits): number {
  return Math.min(1000, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10)));
}

/** Errors of Node's HTTP parser (and its timeouts) as the spec's envelope; everything else is 400. */
function envelopeFor(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return connectionErrors.headersTooLarge();
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return errors.payloadTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return connectionErrors.requestTimeout();
    default:
      return connectionErrors.badHttpRequest();
  }
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Content Too Large', 431: 'Request Header Fields Too Large' };

function responseHeaders(body: Buffer): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
}

/** Closes the connection once the answer is handed to the OS, or after a second if the peer does not read. */
function closeAfter(socket: Duplex, write: (done: () => void) => void): void {
  const force = setTimeout(() => socket.destroy(), 1000);
  force.unref();
  write(() => {
    clearTimeout(force);
    socket.destroy();
  });
}

/**
 * The HTTP server of the reference implementation: timeouts for slow headers and bodies, a cap of
 * connections per address, and parser errors answered with the spec's envelope where Node lets the
 * server answer (`clientError`), then the connection closed.
 */
export function createGuardedServer(limits: ConnectionLimits, log: Log): Server {
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(limits),
  });

  // The response of the request a socket is serving, so a timeout during its body is answered through it.
  const current = new WeakMap<Duplex, ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => current.set(req.socket, res));

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const apiError = envelopeFor(err.code);
    log(`client error ${err.code ?? err.message}: answered ${apiError.status}, connection closed`, 'info');
    const body = Buffer.from(JSON.stringify(apiError.toBody()));
    const res = current.get(socket);
    if (res !== undefined && !res.writableEnded) {
      // A handler owns this response; once its head is out, the stream can only be cut.
      if (res.headersSent) socket.destroy();
      else closeAfter(socket, (done) => res.writeHead(apiError.status, responseHeaders(body)).end(body, done));
      return;
    }
    const head = Object.entries(responseHeaders(body))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    closeAfter(socket, (done) => socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${apiError.status} ${REASONS[apiError.status] ?? ''}\r\n${head}\r\n`), body]), done));
  });

  if (limits.maxConnectionsPerAddress > 0) capConnections(server, limits.maxConnectionsPerAddress, log);
  return server;
}

/** Closes a connection at once when its address already holds `max` open ones. */
function capConnections(server: Server, max: number, log: Log): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      if (count === max) log(`connection cap: ${address} holds ${max} connections; further ones are closed until some end`, 'info');
      // Counted once, so the log line above appears once per episode.
      open.set(address, max + 1);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = Math.min(open.get(address) ?? 1, max) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
