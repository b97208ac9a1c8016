import { connect, type Socket } from 'node:net';
import type { RunningServer } from '../../src/start.js';

/** A connection over node:net that keeps everything it receives, for tests that need the socket itself. */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Status codes of the answers received so far, in order. */
  statuses(): number[];
  /** Resolves when the connection has closed (either side). */
  closed: Promise<void>;
  /** Whether the client has seen the close: a connection that does not read cannot see it. */
  isClosed(): boolean;
  /** Starts reading (a connection opened with `reading: false`). */
  startReading(): void;
}

/** Opens a connection to the server (from `localAddress`, when given). `reading: false` never reads, like a client that stopped. */
export function openRaw(server: Pick<RunningServer, 'origin'>, options: { localAddress?: string; reading?: boolean } = {}): Promise<RawConnection> {
  const url = new URL(server.origin);
  return new Promise((resolveOpen, reject) => {
    const socket = connect({ port: Number(url.port), host: url.hostname, ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }) });
    let text = '';
    let isClosed = false;
    const startReading = () => {
      if (socket.listenerCount('data') === 0) socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.resume();
    };
    if (options.reading !== false) startReading();
    else socket.pause();
    const closed = new Promise<void>((resolve) =>
      socket.once('close', () => {
        isClosed = true;
        resolve();
      }),
    );
    socket.on('error', () => {});
    socket.once('error', reject);
    socket.once('connect', () =>
      resolveOpen({
        socket,
        received: () => text,
        statuses: () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])),
        closed,
        isClosed: () => isClosed,
        startReading,
      }),
    );
  });
}

/** Waits until `condition` holds, checking every 20 ms; fails after `timeoutMs` (generous: a bound, not a measurement). */
export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A GET request head on an open connection. */
export function get(path: string, headers: Record<string, string> = {}): string {
  return `GET ${path} HTTP/1.1\r\nHost: x\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
}
