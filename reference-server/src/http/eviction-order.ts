import type { Socket } from 'node:net';

/**
 * Which open connection gives way when the overall cap is reached: one that has never carried an
 * answer to an authenticated customer. Silent ones (no request yet) first, then idle ones, then
 * busy ones, each oldest first (the idle ones by when they went idle). A connection that has
 * carried a customer's answer is never chosen: its keep-alive timeout frees it soon enough, and
 * cutting it could cost a customer a request in flight. A busy connection whose request in flight
 * has already been authenticated (`servesCustomer`) counts as a customer's, though its answer has
 * not finished yet. Every step is O(1), amortized: one insertion-ordered set per class, and a
 * connection passed over as a customer's leaves them for good.
 */
export interface EvictionOrder {
  opened(socket: Socket): void;
  requestStarted(socket: Socket): void;
  requestFinished(socket: Socket, forCustomer: boolean): void;
  closed(socket: Socket): void;
  /** The connection to close for a new one, if any may be. */
  next(): Socket | undefined;
}

export function createEvictionOrder(servesCustomer: (socket: Socket) => boolean): EvictionOrder {
  const silent = new Set<Socket>();
  const idle = new Set<Socket>();
  const busy = new Set<Socket>();
  const inFlight = new Map<Socket, number>();
  const withCustomer = new WeakSet<Socket>();
  const forget = (socket: Socket) => {
    silent.delete(socket);
    idle.delete(socket);
    busy.delete(socket);
  };
  return {
    opened: (socket) => void silent.add(socket),
    requestStarted(socket) {
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
      if (withCustomer.has(socket) || busy.has(socket)) return;
      forget(socket);
      busy.add(socket);
    },
    requestFinished(socket, forCustomer) {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left <= 0) inFlight.delete(socket);
      else inFlight.set(socket, left);
      if (withCustomer.has(socket)) return;
      if (forCustomer) {
        withCustomer.add(socket);
        forget(socket);
      } else if (left <= 0 && busy.delete(socket)) idle.add(socket);
    },
    closed(socket) {
      forget(socket);
      inFlight.delete(socket);
    },
    next() {
      for (const set of [silent, idle]) {
        const first = set.values().next();
        if (first.done !== true) return first.value;
      }
      for (const socket of busy) {
        if (!servesCustomer(socket)) return socket;
        withCustomer.add(socket);
        busy.delete(socket);
      }
      return undefined;
    },
  };
}
