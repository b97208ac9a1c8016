import { Agent as HttpAgent, createServer } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { withoutCredentials } from '../customer-hash.js';
import { forwardExchange, type Upstream } from './forward-exchange.js';
import type { RecordedExchange } from './recorded-exchange.js';

export const DEFAULT_MAX_RECORDED_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONNECTIONS = 4096;
/**
 * How long a client's idle connection is kept. Longer than the keep-alive time upstreams announce
 * (Node's 5 s, common 60 s): the proxy forwards the upstream's Keep-Alive line, so a client
 * trusts the upstream's time and must not find the proxy closing first.
 */
export const CLIENT_KEEP_ALIVE_MS = 65_000;
/** How long `close` waits for exchanges in flight before it closes their connections. */
export const CLOSE_GRACE_MS = 5000;
/** How long an idle upstream connection is kept for the next request. */
export const UPSTREAM_IDLE_MS = 2000;

export interface RecordingProxyOptions {
  /** Base URL of the API: `http://host:port`, optionally with a path put before every request-target. */
  upstream: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Each finished exchange, its credentials already replaced by their hash, numbered (`index`)
   * from 0 in the order the exchanges finish; one that throws is logged once and does not stop
   * the proxy. Called on the proxy's event loop once the I/O of the turn the exchange finished in
   * is done (the answer's last byte already handed to the client): what it does there, every
   * exchange waits for.
   */
  onExchange: (exchange: RecordedExchange) => void;
  /** Bytes recorded per body, default 1 MiB; bytes beyond are forwarded, not recorded, and the record says so (`bodyTruncated`). */
  maxRecordedBodyBytes?: number;
  /** Open client connections, default 4096; a connection beyond is closed at once. */
  maxConnections?: number;
}

export interface RecordingProxyStats {
  /** Exchanges handed to `onExchange`. */
  exchanges: number;
  /** Requests received whose exchange has not finished. */
  inFlight: number;
  /** Open client connections. */
  connections: number;
}

export interface RecordingProxy {
  /** Where clients send their requests: `http://host:port`. */
  url: string;
  port: number;
  /** Stops accepting, waits for the exchanges in flight (at most `CLOSE_GRACE_MS`), then closes every connection. */
  close(): Promise<void>;
  stats(): RecordingProxyStats;
}

/**
 * A reverse proxy in front of the API that forwards every request and answer unchanged, streamed,
 * and records each finished exchange for the passive judge. Its memory per exchange is the two
 * recorded bodies (each capped); nothing of a connection outlives it.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const maxRecordedBodyBytes = options.maxRecordedBodyBytes ?? DEFAULT_MAX_RECORDED_BODY_BYTES;
  const upstream = upstreamOf(options.upstream, maxConnections);
  const counts = { exchanges: 0, inFlight: 0, connections: 0 };
  let idle: (() => void) | undefined;
  let complained = false;

  const deliver = (recorded: () => RecordedExchange) => {
    let stage = 'recording an exchange';
    try {
      const numbered = withoutCredentials({ ...recorded(), index: counts.exchanges });
      counts.exchanges++;
      stage = 'onExchange';
      options.onExchange(numbered);
    } catch (error) {
      if (complained) return;
      complained = true;
      console.error(`recording proxy: ${stage} threw (${error instanceof Error ? error.message : String(error)}); forwarding goes on, further errors are not reported`);
    }
  };

  // Without a Host header the request is still forwarded as it came: the upstream decides.
  const server = createServer({ requireHostHeader: false });
  server.maxConnections = maxConnections;
  server.keepAliveTimeout = CLIENT_KEEP_ALIVE_MS;
  server.on('connection', (socket: Socket) => {
    counts.connections++;
    socket.once('close', () => counts.connections--);
  });
  // Exchanges are recorded after the I/O of the loop's turn: an exchange finishes as its answer's
  // last byte is written, and recording it there would hold up the forwarding of every other
  // answer already readable in the same turn.
  let finished: (() => RecordedExchange)[] = [];
  const deliverFinished = () => {
    const batch = finished;
    finished = [];
    for (const exchange of batch) deliver(exchange);
  };
  server.on('request', (req, res) => {
    counts.inFlight++;
    forwardExchange(req, res, upstream, maxRecordedBodyBytes, (exchange) => {
      counts.inFlight--;
      if (exchange && finished.push(exchange) === 1) setImmediate(deliverFinished);
      if (counts.inFlight === 0) idle?.();
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host, backlog: maxConnections }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (counts.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_GRACE_MS);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    server.closeAllConnections();
    upstream.agent.destroy();
    await closed;
    deliverFinished();
  };

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () => (closing ??= close()),
    stats: () => ({ ...counts }),
  };
}

function upstreamOf(base: string, maxConnections: number): Upstream {
  const url = new URL(base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`recording proxy: the upstream must be an http: or https: URL, not ${url.protocol}`);
  const https = url.protocol === 'https:';
  // Sockets enough for every client connection at once, and kept: a new upstream connection per request would cost the latency the proxy must not add.
  // An idle upstream connection is dropped before Node's default keep-alive timeout of 5 s would
  // let the upstream close it: reusing one the upstream is closing loses the request sent on it,
  // and a write (with a body, not idempotent) is not sent again. The agent's timeout ends only
  // idle sockets, never one waiting for an answer.
  const agentOptions = { keepAlive: true, maxSockets: maxConnections, maxFreeSockets: maxConnections, scheduling: 'lifo' as const, timeout: UPSTREAM_IDLE_MS };
  return {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port) || (https ? 443 : 80),
    host: url.host,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    agent: https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions),
  };
}
