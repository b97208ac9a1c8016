/**
 * Attackers of `npm run bench:server` that autocannon cannot play: many silent connections,
 * connections that pipeline and never read, one new connection per request. They bind their
 * sockets to addresses of 127.0.1.0/24 (all of 127.0.0.0/8 is local on Linux), so they come from
 * other addresses than the measured customers, as they would in the wild, and each keeps its
 * connections up: a connection the server closes is opened again.
 */
import { connect, type Socket } from 'node:net';

export interface Attack {
  /** Resolves once the attack is at full strength. */
  start(): Promise<void>;
  /** Ends it; what it achieved. */
  stop(): Promise<AttackOutcome>;
}

export interface AttackOutcome {
  /** Connections the server closed (and the attacker opened again). */
  closedByServer: number;
  /** Answers the attacker received in full. */
  answers: number;
}

/** 127.0.1.1, 127.0.1.2, ... */
export const attackerAddress = (i: number) => `127.0.1.${1 + i}`;

function target(origin: string): { host: string; port: number } {
  const url = new URL(origin);
  return { host: url.hostname, port: Number(url.port) };
}

/**
 * Keeps `count` connections open, spread over `addresses` addresses, each set up by `onOpen`;
 * one the server closes is opened again at once. `onOpen` may count answers.
 */
function heldConnections(origin: string, count: number, addresses: number, onOpen: (socket: Socket, answered: () => void) => void): Attack {
  const { host, port } = target(origin);
  const sockets = new Set<Socket>();
  const outcome: AttackOutcome = { closedByServer: 0, answers: 0 };
  let stopped = false;
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      const socket = connect({ host, port, localAddress: attackerAddress(i % addresses) });
      sockets.add(socket);
      socket.on('error', () => {});
      socket.once('connect', () => {
        onOpen(socket, () => outcome.answers++);
        resolve();
      });
      socket.once('close', () => {
        sockets.delete(socket);
        resolve();
        if (stopped) return;
        outcome.closedByServer++;
        // A breath between reopenings, so a refused address does not spin the attacker's loop.
        setTimeout(() => void open(i), 5);
      });
    });
  return {
    async start() {
      // In batches, so the listen backlog does not overflow into SYN retries.
      for (let first = 0; first < count; first += 200) await Promise.all(Array.from({ length: Math.min(200, count - first) }, (_, k) => open(first + k)));
    },
    async stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      return outcome;
    },
  };
}

/** Connections that never send a byte (they read, so they notice when the server closes them). */
export function silentConnections(origin: string, count: number, addresses: number): Attack {
  return heldConnections(origin, count, addresses, (socket) => socket.resume());
}

/**
 * Connections that send `requests` pipelined GETs of `path` at once and never read an answer.
 * Not reading, they cannot see the server's close; they learn it from a failing write, so they
 * keep adding a request now and then.
 */
export function nonReadingPipeliners(origin: string, count: number, requests: number, path: string): Attack {
  const request = `GET ${path} HTTP/1.1\r\nHost: bench\r\n\r\n`;
  return heldConnections(origin, count, count, (socket) => {
    socket.pause();
    socket.write(request.repeat(requests));
    const more = setInterval(() => socket.write(request), 200);
    socket.once('close', () => clearInterval(more));
  });
}

/** `workers` loops from one address, each opening a new connection for every GET of `path`. */
export function connectionPerRequest(origin: string, workers: number, path: string): Attack {
  const request = `GET ${path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n`;
  return heldConnections(origin, workers, 1, (socket, answered) => {
    socket.on('data', () => {});
    socket.once('end', answered);
    socket.write(request);
  });
}
