import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { Clock } from '../clock.js';
import { createAddressBudgets, type AddressBudget } from './address-budget.js';
import { answeredForCustomer } from './request-context.js';

/**
 * The refusal tarpit of the customer limiter (rate-limit.ts), for answers that need no customer:
 * public endpoints (GET /, /health, OPTIONS, /openapi.json, /docs), missing or invalid tokens
 * (401, and the 429 of the per-address limit), unknown paths, signed-link files. Each is cheap,
 * yet a flood of them takes the one event loop from every customer just as well. A connection
 * whose `afterAnswers` latest answers all needed no customer has each further request wait
 * `delayMs` before it is handled. Size counts: an answer weighs one for every `bytesPerDelay` it
 * took, in the count and in the next delay, so a flood of the large API description is bounded
 * in bytes, not only in answers, from its first requests on. Pipelined requests wait in turn
 * (each one delay more than the one before), so sending many at once gains nothing. An answer to
 * a customer that was not refused starts the count afresh, and so does a pause of `quietMs` on the
 * connection, so a client that mixes public and protected calls, or checks /health now and then,
 * never meets the delay.
 *
 * A client that opens a new connection for each request never builds a streak, so answers that
 * need no customer are also weighed against a budget per remote address (`perAddress`); a
 * request from an address in debt waits until it is paid off, unless its connection has carried
 * an answer to a customer (the streak above watches those). The budget sits far above what the
 * kit's own clients send without a customer from one address (the invalid-token lane's 12 per
 * second, a few public calls), which share loopback with the floods of tests and the bench: only
 * a flood pays, and only in time, never with another status.
 */
export interface NoCustomerTarpit {
  afterAnswers: number;
  delayMs: number;
  bytesPerDelay: number;
  quietMs: number;
  /** Units of answer weight per remote address; omitted: per connection only. */
  perAddress?: AddressBudget;
}

/**
 * The customer limiter's tarpit (DEFAULT_TARPIT), so a flood costs alike whether it carries a
 * token or not. Per address: 256 units a second (256 small answers, or 4 MiB) with a burst of
 * 2048, and at most 2 s of delay, so the address's connection cap (256) lets a flood through at
 * no more than about 128 requests a second.
 */
export const DEFAULT_NO_CUSTOMER_TARPIT: NoCustomerTarpit = Object.freeze({
  afterAnswers: 16,
  delayMs: 50,
  bytesPerDelay: 16 * 1024,
  quietMs: 1000,
  perAddress: Object.freeze({ unitsPerSecond: 256, burstUnits: 2048, maxDelayMs: 2000 }),
});

interface Streak {
  /** Requests in a row that needed no customer, counted on arrival (so pipelining gains nothing), weighed by size once answered. */
  answers: number;
  lastRequestMs: number;
  lastAnswerBytes: number;
  /** Requests of the connection being held back right now. */
  waiting: number;
  /** An answer on the connection went to a customer: the address budget no longer holds it back. */
  servedCustomer: boolean;
}

export function withNoCustomerTarpit(handler: RequestListener, tarpit: NoCustomerTarpit, clock: Clock): RequestListener {
  const streaks = new WeakMap<Socket, Streak>();
  const budgets = tarpit.perAddress === undefined ? undefined : createAddressBudgets(tarpit.perAddress);
  const weightOf = (bytes: number) => Math.max(1, Math.ceil(bytes / tarpit.bytesPerDelay));
  return (req, res) => {
    const socket = req.socket;
    const address = socket.remoteAddress ?? 'unknown';
    const now = clock.monotonicMs();
    let streak = streaks.get(socket);
    if (streak === undefined) {
      streak = { answers: 0, lastRequestMs: now, lastAnswerBytes: 0, waiting: 0, servedCustomer: false };
      streaks.set(socket, streak);
    } else if (now - streak.lastRequestMs >= tarpit.quietMs) streak.answers = 0;
    const held = streak.answers >= tarpit.afterAnswers;
    // Provisionally one more: an answer to a customer takes the streak back to nothing.
    streak.answers += 1;
    streak.lastRequestMs = now;
    const writtenBefore = socket.bytesWritten;
    const counted = streak;
    // Spent on arrival as well, so a burst of new connections is weighed before any is answered.
    const addressDelayMs = budgets === undefined || counted.servedCustomer ? 0 : budgets.delayMs(address, now);
    const spentOnArrival = budgets !== undefined && !counted.servedCustomer;
    if (spentOnArrival) budgets.spend(address, 1, now);
    res.once('finish', () => {
      // Answered by the HTTP server itself (a timeout) when the app never saw the request: no `locals` then.
      if (!answeredForCustomer(res)) {
        counted.lastAnswerBytes = socket.bytesWritten - writtenBefore;
        counted.answers += weightOf(counted.lastAnswerBytes) - 1;
        budgets?.spend(address, weightOf(counted.lastAnswerBytes) - (spentOnArrival ? 1 : 0), clock.monotonicMs());
        return;
      }
      counted.servedCustomer = true;
      // The customer limiter's own 429 has its own tarpit: it neither counts here nor ends a streak.
      if (res.statusCode === 429) counted.answers -= 1;
      else counted.answers = 0;
    });
    if (!held && addressDelayMs === 0) {
      handler(req, res);
      return;
    }
    if (held) counted.waiting += 1;
    const connectionDelayMs = held ? counted.waiting * tarpit.delayMs * weightOf(counted.lastAnswerBytes) : 0;
    setTimeout(
      () => {
        if (held) counted.waiting -= 1;
        if (!socket.destroyed) handler(req, res);
      },
      Math.max(connectionDelayMs, addressDelayMs),
    );
  };
}
