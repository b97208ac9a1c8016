import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Log } from '../log.js';
import { connectionErrors } from './api-error.js';
import { answerOnSocket } from './connection-answer.js';
import { createEvictionOrder } from './eviction-order.js';
import { answeredForCustomer } from './request-context.js';

export interface ConnectionCaps {
  /** Open connections in all; see `evictWithoutCustomer` for what a further one meets. 0 = no cap. */
  maxConnections: number;
  /** Open connections per remote address; further ones are closed at once. 0 = no cap. */
  maxConnectionsPerAddress: number;
  /**
   * At the overall cap, a new connection takes the place of one that has never carried an answer
   * to an authenticated customer (eviction-order.ts); only when there is none does it get 503.
   * Off: every connection beyond the cap gets 503.
   */
  evictWithoutCustomer: boolean;
}

/**
 * Counts open connections and refuses those beyond a cap. At the overall cap, connections without
 * a customer give way first, so silent or public-only connections, however many, cannot keep
 * customers out. Each cap is logged once per episode: at its first refusal (or eviction), and
 * again only after the count has fallen to half the cap, so a flood that keeps the count at the
 * cap is one line, not one per connection. Beyond the overall cap, with nothing to evict, a
 * connection gets the 503 envelope, so a client learns the server is full rather than seeing a
 * reset; beyond the per-address cap it is closed without a word, because then one address is
 * hoarding and an answer would only feed it (nor does it take another connection's place).
 *
 * Returns whether a socket was refused: Node has already attached its parser when `connection`
 * is emitted, so a request that arrives before the close must not reach the app.
 */
export function capConnections(server: Server, caps: ConnectionCaps, log: Log): (socket: Socket) => boolean {
  const refused = new WeakSet<Socket>();
  const perAddress = new Map<string, number>();
  /** The latest request's response of each connection, to tell whether it is being served for a customer. */
  const serving = new WeakMap<Socket, ServerResponse>();
  const order = createEvictionOrder((socket) => {
    const res = serving.get(socket);
    return res !== undefined && answeredForCustomer(res);
  });
  /** Open connections still counted: an evicted one leaves the count at once, not at its close. */
  const counted = new Map<Socket, string>();
  let totalLogged = false;
  let evictionLogged = false;
  const addressesLogged = new Set<string>();

  const release = (socket: Socket) => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    order.closed(socket);
    if (counted.size <= caps.maxConnections / 2) {
      totalLogged = false;
      evictionLogged = false;
    }
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left <= caps.maxConnectionsPerAddress / 2) addressesLogged.delete(address);
    if (left <= 0) perAddress.delete(address);
    else perAddress.set(address, left);
  };

  /** Makes room at the overall cap; false when every open connection carries a customer. */
  const evictOne = () => {
    const victim = caps.evictWithoutCustomer ? order.next() : undefined;
    if (victim === undefined) return false;
    if (!evictionLogged) log(`connection cap: ${caps.maxConnections} connections open; those that never served a customer are closed for new ones, silent ones first`, 'info');
    evictionLogged = true;
    release(victim);
    victim.destroy();
    return true;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = perAddress.get(address) ?? 0;
    if (caps.maxConnectionsPerAddress > 0 && count >= caps.maxConnectionsPerAddress) {
      if (!addressesLogged.has(address)) log(`connection cap: ${address} holds ${caps.maxConnectionsPerAddress} connections; further ones are closed until some end`, 'info');
      addressesLogged.add(address);
      refused.add(socket);
      socket.destroy();
      return;
    }
    if (caps.maxConnections > 0 && counted.size >= caps.maxConnections && !evictOne()) {
      if (!totalLogged) log(`connection cap: ${caps.maxConnections} connections open, all of them serving customers; further ones get 503 until some end`, 'info');
      totalLogged = true;
      refused.add(socket);
      answerOnSocket(socket, connectionErrors.tooManyConnections());
      return;
    }
    counted.set(socket, address);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    order.opened(socket);
    socket.once('close', () => release(socket));
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    if (!counted.has(socket)) return;
    serving.set(socket, res);
    order.requestStarted(socket);
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      if (counted.has(socket)) order.requestFinished(socket, answeredForCustomer(res));
    };
    res.once('finish', finished);
    res.once('close', finished);
  });
  return (socket) => refused.has(socket);
}
