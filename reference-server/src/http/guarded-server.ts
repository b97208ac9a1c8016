import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { systemClock, type Clock } from '../clock.js';
import type { Log } from '../log.js';
import { connectionErrors, errors, type ApiError } from './api-error.js';
import { answerOnResponse, answerOnSocket } from './connection-answer.js';
import { boundConnectionBacklog, type BacklogLimits } from './connection-backlog.js';
import { capConnections, type ConnectionCaps } from './connection-caps.js';
import { closeStalledSends } from './stalled-sends.js';

/**
 * What a slow or greedy client may hold. Node's defaults let a client that sends its headers a byte
 * at a time keep a connection for about 78 s and a slow body for about 313 s (timeouts checked only
 * every 30 s), and a connection that sends nothing at all stays open for good (Node's header timer
 * starts with a request's first byte); a few addresses could open connections until the process
 * runs out of descriptors. Nor does Node bound what a client that stops reading holds: its answer
 * and every request it pipelined stay queued, and the connection open, for good.
 */
export interface ConnectionLimits extends ConnectionCaps, BacklogLimits {
  /**
   * Time a connection may stay silent before its first request head is complete; then it is
   * closed. Between requests Node's keep-alive timeout takes over.
   */
  silentConnectionTimeoutMs: number;
  /** Time from a request's first byte until its headers are complete. */
  headersTimeoutMs: number;
  /** Time from a request's first byte until its body is complete (a 64 KiB body needs far less). */
  requestTimeoutMs: number;
  /** Time an answer may have bytes waiting without the client taking any; then the connection is closed. 0 = no bound. */
  stalledSendTimeoutMs: number;
}

/**
 * The per-address default leaves room for the kit's own traffic from one address: the load
 * script's 200 parallel connections, the harness's pooled keep-alive connections (at most 128 per
 * worker), the bench. The overall one leaves room for all of that at once (8 harness workers
 * included) and for several such addresses, and stays well below the usual descriptor limits of a
 * container or service (tens of thousands), which without it a few dozen addresses could exhaust.
 * A reader that takes nothing for 10 s is gone or hostile (even a slow mobile link takes some bytes
 * every second); no client of the kit pipelines, so 16 unanswered requests leave a wide margin;
 * 1 MiB unsent holds several of the largest JSON answers (the API description is about 125 KiB).
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  silentConnectionTimeoutMs: 10_000,
  maxConnections: 4096,
  maxConnectionsPerAddress: 256,
  evictWithoutCustomer: true,
  stalledSendTimeoutMs: 10_000,
  maxPipelinedRequests: 16,
  maxUnsentBytes: 1024 * 1024,
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

export interface GuardedServer {
  server: Server;
  /** Hands the requests that pass the guards to `handler` (the app, once it is built). */
  serve(handler: RequestListener): void;
}

/**
 * The HTTP server of the reference implementation: timeouts for silent connections, slow headers,
 * slow bodies and clients that stop reading, caps of open connections in all and per address, of
 * pipelined requests and unsent bytes per connection, and what Node's parser lets the server
 * answer (`clientError`, CONNECT, a request line without HTTP/1.x) answered with the spec's
 * envelope, then the connection closed. `clock` is the stalled-send bound's, real time unless a
 * test says otherwise.
 */
export function createGuardedServer(limits: ConnectionLimits, log: Log, clock: Clock = systemClock): GuardedServer {
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(limits),
  });
  const refused = capConnections(server, limits, log);
  closeSilentConnections(server, limits.silentConnectionTimeoutMs);
  closeStalledSends(server, limits.stalledSendTimeoutMs, clock, log);
  const admit = boundConnectionBacklog(limits, log);

  // The response of the request a socket is serving, so a timeout during its body is answered through it.
  const current = new WeakMap<Duplex, ServerResponse>();
  let handler: RequestListener | undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    current.set(req.socket, res);
    if (refused(req.socket)) return;
    // An HTTP/0.9-style request line (no version) is parsed by Node as version 0.9.
    if (req.httpVersionMajor !== 1) answerOnResponse(res, connectionErrors.unsupportedHttpVersion());
    else admit(req, res, () => handler?.(req, res));
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const apiError = envelopeFor(err.code);
    log(`client error ${err.code ?? err.message}: answered ${apiError.status}, connection closed`, 'info');
    const res = current.get(socket);
    // A handler owns this response, so the answer goes through it.
    if (res !== undefined && !res.writableEnded) answerOnResponse(res, apiError);
    else answerOnSocket(socket, apiError);
  });

  // Without a listener Node closes a CONNECT connection without a word.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerOnSocket(socket, connectionErrors.connectNotAllowed()));

  return {
    server,
    serve(h) {
      handler = h;
    },
  };
}

/**
 * Arms the socket's idle timer when a connection opens and disarms it when its first request head
 * is complete (Node arms it again for keep-alive after each response). On expiry Node's own
 * handler closes the socket without an answer: no request arrived to answer. Every byte restarts
 * the timer, so a head sent slowly is the headers timeout's to answer (408), which runs from the
 * first byte and, with the defaults, ends no later than this one after a stall.
 */
function closeSilentConnections(server: Server, timeoutMs: number): void {
  const awaitingFirstHead = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    awaitingFirstHead.add(socket);
    socket.setTimeout(timeoutMs);
  });
  server.on('request', (req: IncomingMessage) => {
    if (!awaitingFirstHead.delete(req.socket)) return;
    req.socket.setTimeout(0);
  });
}
