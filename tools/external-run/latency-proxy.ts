import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy that makes a local target look like one across a network: every chunk of
 * data is held for a random delay, in each direction separately (a round trip pays two delays).
 * Bytes of one connection keep their order whatever the delays drawn: a chunk never leaves before
 * the one received ahead of it, so a short delay after a long one just waits for it, as on a real
 * link where later packets cannot overtake the stream. Connection set-up and teardown are not
 * delayed; HTTP clients keep their connections open, so data is what the run pays for.
 */
export interface LatencyProxyOptions {
  /** Where connections go, e.g. `http://127.0.0.1:8080` (only host and port are used). */
  target: string;
  /** Mean delay per leg. */
  delayMs: number;
  /** Each leg's delay is drawn uniformly from delayMs ± jitterMs. */
  jitterMs: number;
  /** A number in [0, 1); tests pass their own sequence. */
  random?: () => number;
}

/** What the proxy held back, per leg (one direction of one connection's data). */
export interface DelayStats {
  connections: number;
  chunks: number;
  bytes: number;
  minMs: number;
  maxMs: number;
  meanMs: number;
}

export interface LatencyProxy {
  /** `http://127.0.0.1:PORT`: use it in place of the target's origin. */
  origin: string;
  port: number;
  stats(): DelayStats;
  close(): Promise<void>;
}

interface Queued {
  due: number;
  chunk: Buffer | null;
}

export async function startLatencyProxy(options: LatencyProxyOptions): Promise<LatencyProxy> {
  const { delayMs, jitterMs } = options;
  if (!(jitterMs >= 0 && delayMs >= jitterMs)) throw new RangeError(`latency ${delayMs} ± ${jitterMs} ms: the jitter must lie between 0 and the delay`);
  const random = options.random ?? Math.random;
  const { hostname, port: targetPort } = new URL(options.target);
  const targetHost = hostname.replace(/^\[|\]$/g, '');
  const sockets = new Set<Socket>();
  const held = { connections: 0, chunks: 0, bytes: 0, min: Infinity, max: 0, sum: 0 };

  const drawDelay = () => delayMs - jitterMs + 2 * jitterMs * random();

  /** One direction: data read from `from` is written to `to` once its delay has passed, in order. */
  function leg(from: Socket, to: Socket): void {
    const queue: Queued[] = [];
    let timer: NodeJS.Timeout | undefined;
    let lastDue = 0;

    const flush = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length > 0 && (queue[0] as Queued).due <= now) {
        const { chunk } = queue.shift() as Queued;
        if (chunk === null) {
          to.end();
          return;
        }
        if (!to.write(chunk) && !from.isPaused()) {
          from.pause();
          to.once('drain', () => from.resume());
        }
      }
      schedule();
    };
    // A timer may fire a little early (millisecond rounding): flush then re-arms for the rest.
    const schedule = () => {
      if (timer === undefined && queue.length > 0) timer = setTimeout(flush, Math.max(0, (queue[0] as Queued).due - performance.now()));
    };
    const enqueue = (chunk: Buffer | null) => {
      const now = performance.now();
      const due = Math.max(now + drawDelay(), lastDue);
      lastDue = due;
      queue.push({ due, chunk });
      if (chunk) {
        const waited = due - now;
        held.chunks += 1;
        held.bytes += chunk.length;
        held.sum += waited;
        held.min = Math.min(held.min, waited);
        held.max = Math.max(held.max, waited);
      }
      schedule();
    };

    from.on('data', (chunk: Buffer) => enqueue(chunk));
    from.on('end', () => enqueue(null));
    from.on('error', () => enqueue(null));
    to.on('close', () => clearTimeout(timer));
  }

  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    held.connections += 1;
    const upstream = connect({ host: targetHost, port: Number(targetPort), allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
      // A reset on either side ends the connection on both; an orderly end travels the leg
      // behind the data instead (enqueue(null)), so nothing in flight is cut off. The target's
      // reset too: what it answered before (a 413 while the body still arrives) is still held
      // in the leg and reaches the client before its end, as on a real network.
      socket.on('error', () => {
        if (socket === client) client.destroy();
        upstream.destroy();
      });
    }
    leg(client, upstream);
    leg(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    stats: () => ({
      connections: held.connections,
      chunks: held.chunks,
      bytes: held.bytes,
      minMs: held.chunks > 0 ? held.min : 0,
      maxMs: held.max,
      meanMs: held.chunks > 0 ? held.sum / held.chunks : 0,
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
