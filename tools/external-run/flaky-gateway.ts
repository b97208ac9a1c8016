import { Agent, createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A loopback HTTP gateway in front of a target that answers 502 now and then, as the gateways in
 * front of implementers' servers do: of the requests it picks (a fraction `errorRate`), half never
 * reach the target (the upstream connection failed) and half do, their answers replaced (the
 * upstream timed out after the target acted). Every other request and answer passes unchanged.
 */
export interface FlakyGatewayOptions {
  /** Where requests go, e.g. `http://127.0.0.1:8080` (only host and port are used). */
  target: string;
  /** The fraction of requests answered 502, in [0, 1). */
  errorRate: number;
  /** A number in [0, 1); tests pass their own sequence. */
  random?: () => number;
}

export interface GatewayStats {
  requests: number;
  /** Answered 502 without reaching the target. */
  notForwarded: number;
  /** Reached the target, its answer replaced by 502. */
  answerReplaced: number;
}

export interface FlakyGateway {
  /** `http://127.0.0.1:PORT`: use it in place of the target's origin. */
  origin: string;
  stats(): GatewayStats;
  close(): Promise<void>;
}

const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n';

export async function startFlakyGateway(options: FlakyGatewayOptions): Promise<FlakyGateway> {
  const { errorRate } = options;
  if (!(errorRate >= 0 && errorRate < 1)) throw new RangeError(`gateway error rate ${errorRate}: a fraction from 0 to below 1`);
  const random = options.random ?? Math.random;
  const { hostname, port } = new URL(options.target);
  const host = hostname.replace(/^\[|\]$/g, '');
  const agent = new Agent({ keepAlive: true });
  const stats: GatewayStats = { requests: 0, notForwarded: 0, answerReplaced: 0 };
  const sockets = new Set<Socket>();

  const badGateway = (res: ServerResponse) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(BAD_GATEWAY) });
    res.end(BAD_GATEWAY);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    const failing = random() < errorRate;
    if (failing && random() < 0.5) {
      stats.notForwarded++;
      // The body is read first, as a gateway whose upstream connection failed has read it.
      req.resume();
      req.on('end', () => badGateway(res));
      return;
    }
    const upstream = forward({ host, port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      if (failing) {
        stats.answerReplaced++;
        answer.resume();
        answer.on('end', () => badGateway(res));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => badGateway(res));
    req.pipe(upstream);
  };

  const server: Server = createServer({ keepAlive: true }, handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const listening = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${listening}`,
    stats: () => ({ ...stats }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
