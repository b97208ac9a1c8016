import type { Response } from 'express';
import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { Clock } from '../clock.js';
import { hasCustomer } from './request-context.js';

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
 * never meets the delay. Counted per connection, not per address: the kit's own clients and the
 * bench share one loopback address with the flood.
 */
export interface NoCustomerTarpit {
  afterAnswers: number;
  delayMs: number;
  bytesPerDelay: number;
  quietMs: number;
}

/** The customer limiter's tarpit (DEFAULT_TARPIT), so a flood costs alike whether it carries a token or not. */
export const DEFAULT_NO_CUSTOMER_TARPIT: NoCustomerTarpit = Object.freeze({ afterAnswers: 16, delayMs: 50, bytesPerDelay: 16 * 1024, quietMs: 1000 });

interface Streak {
  /** Requests in a row that needed no customer, counted on arrival (so pipelining gains nothing), weighed by size once answered. */
  answers: number;
  lastRequestMs: number;
  lastAnswerBytes: number;
  /** Requests of the connection being held back right now. */
  waiting: number;
}

export function withNoCustomerTarpit(handler: RequestListener, tarpit: NoCustomerTarpit, clock: Clock): RequestListener {
  const streaks = new WeakMap<Socket, Streak>();
  const weightOf = (bytes: number) => Math.max(1, Math.ceil(bytes / tarpit.bytesPerDelay));
  return (req, res) => {
    const socket = req.socket;
    const now = clock.monotonicMs();
    let streak = streaks.get(socket);
    if (streak === undefined) {
      streak = { answers: 0, lastRequestMs: now, lastAnswerBytes: 0, waiting: 0 };
      streaks.set(socket, streak);
    } else if (now - streak.lastRequestMs >= tarpit.quietMs) streak.answers = 0;
    const held = streak.answers >= tarpit.afterAnswers;
    // Provisionally one more: an answer to a customer takes the streak back to nothing.
    streak.answers += 1;
    streak.lastRequestMs = now;
    const writtenBefore = socket.bytesWritten;
    const counted = streak;
    res.once('finish', () => {
      const answered = res as Response;
      if (!hasCustomer(answered)) {
        counted.lastAnswerBytes = socket.bytesWritten - writtenBefore;
        counted.answers += weightOf(counted.lastAnswerBytes) - 1;
      }
      // The customer limiter's own 429 has its own tarpit: it neither counts here nor ends a streak.
      else if (answered.statusCode === 429) counted.answers -= 1;
      else counted.answers = 0;
    });
    if (!held) {
      handler(req, res);
      return;
    }
    counted.waiting += 1;
    setTimeout(
      () => {
        counted.waiting -= 1;
        if (!socket.destroyed) handler(req, res);
      },
      counted.waiting * tarpit.delayMs * weightOf(counted.lastAnswerBytes),
    );
  };
}
