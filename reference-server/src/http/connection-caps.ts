import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Log } from '../log.js';
import { connectionErrors } from './api-error.js';
import { answerOnSocket } from './connection-answer.js';

export interface ConnectionCaps {
  /** Open connections in all; further ones get 503 and are closed. 0 = no cap. */
  maxConnections: number;
  /** Open connections per remote address; further ones are closed at once. 0 = no cap. */
  maxConnectionsPerAddress: number;
}

/**
 * Counts open connections and refuses those beyond a cap. Each cap is logged once per episode: at
 * its first refusal, and again only after the count has fallen to half the cap, so a flood that
 * keeps the count at the cap is one line, not one per refused connection. Beyond the overall cap
 * a connection gets the 503 envelope, so a client learns the server is full rather than seeing a
 * reset; beyond the per-address cap it is closed without a word, because then one address is
 * hoarding and an answer would only feed it.
 *
 * Returns whether a socket was refused: Node has already attached its parser when `connection`
 * is emitted, so a request that arrives before the close must not reach the app.
 */
export function capConnections(server: Server, caps: ConnectionCaps, log: Log): (socket: Socket) => boolean {
  const refused = new WeakSet<Socket>();
  const perAddress = new Map<string, number>();
  let total = 0;
  let totalLogged = false;
  const addressesLogged = new Set<string>();

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = perAddress.get(address) ?? 0;
    if (caps.maxConnections > 0 && total >= caps.maxConnections) {
      if (!totalLogged) log(`connection cap: ${caps.maxConnections} connections open; further ones get 503 until some end`, 'info');
      totalLogged = true;
      refused.add(socket);
      answerOnSocket(socket, connectionErrors.tooManyConnections());
      return;
    }
    if (caps.maxConnectionsPerAddress > 0 && count >= caps.maxConnectionsPerAddress) {
      if (!addressesLogged.has(address)) log(`connection cap: ${address} holds ${caps.maxConnectionsPerAddress} connections; further ones are closed until some end`, 'info');
      addressesLogged.add(address);
      refused.add(socket);
      socket.destroy();
      return;
    }
    total++;
    perAddress.set(address, count + 1);
    socket.once('close', () => {
      total--;
      if (total <= caps.maxConnections / 2) totalLogged = false;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= caps.maxConnectionsPerAddress / 2) addressesLogged.delete(address);
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  return (socket) => refused.has(socket);
}
