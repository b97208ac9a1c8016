import type { RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { hashApiToken } from '../../reference-server/src/domain/api-token.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import { createFixedWindowLimiter, INVALID_TOKEN_LIMIT, type FixedWindowLimiter } from '../../reference-server/src/rate-limit/fixed-window.js';
import { createSlidingWindowLimiter, type SlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import type { Customer } from '../../reference-server/src/store/customers.js';
import { currentCustomer, customerOfAuthorization } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { admitAll, forgettingLog, monotonicNow } from '../kit/limiters.js';
import { isPublic } from '../../reference-server/seams/paths.js';
import type { Fault } from '../fault.js';
import { THIRD_ADMITTED } from './sweeps.js';
import { thirdAdmission } from './third-admission.js';

/**
 * Limiter faults: the impostors a conformance check must tell apart from an exact sliding second
 * (fixed windows, counters, buckets), wrong keys, wrong counting, a wrong 429. Each swaps the
 * limiter through `createApp(deps)` or adds middleware; `load:limiter --fault ID` runs the load
 * simulator against the same faults.
 */

type Key = string | number;

function limiter(tryAdmit: (key: Key, nowMs: number) => boolean, size: () => number): SlidingWindowLimiter {
  return { tryAdmit, size };
}

/** Windows of one second that start at the first hit after the previous one ended. */
export function fixedWindowFromFirstHit(limit = 2, windowMs = 1000): SlidingWindowLimiter {
  const windows = new Map<Key, { start: number; count: number }>();
  return limiter(
    (key, now) => {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) windows.set(key, (w = { start: now, count: 0 }));
      if (w.count >= limit) return false;
      w.count += 1;
      return true;
    },
    () => windows.size,
  );
}

/** Windows aligned to wall-clock seconds (…:00.000 to …:00.999), as a Redis INCR per second does. */
export function clockAlignedWindow(wallMs: () => number, limit = 2): SlidingWindowLimiter {
  const windows = new Map<Key, { second: number; count: number }>();
  return limiter(
    (key) => {
      const second = Math.floor(wallMs() / 1000);
      let w = windows.get(key);
      if (!w || w.second !== second) windows.set(key, (w = { second, count: 0 }));
      if (w.count >= limit) return false;
      w.count += 1;
      return true;
    },
    () => windows.size,
  );
}

/** The common approximation: previous second's count weighted by its remaining share, plus this second's. */
export function slidingWindowCounter(wallMs: () => number, limit = 2): SlidingWindowLimiter {
  const counters = new Map<Key, { second: number; current: number; previous: number }>();
  return limiter(
    (key) => {
      const now = wallMs();
      const second = Math.floor(now / 1000);
      let c = counters.get(key);
      if (!c) counters.set(key, (c = { second, current: 0, previous: 0 }));
      if (c.second !== second) {
        c.previous = c.second === second - 1 ? c.current : 0;
        c.current = 0;
        c.second = second;
      }
      const estimate = c.previous * (1 - (now - second * 1000) / 1000) + c.current;
      if (estimate >= limit) return false;
      c.current += 1;
      return true;
    },
    () => counters.size,
  );
}

/** A bucket of 2 tokens refilled at 2 per second: right on average, but a burst plus a refill puts 3 in a second. */
export function tokenBucket(capacity = 2, perSecond = 2): SlidingWindowLimiter {
  const buckets = new Map<Key, { tokens: number; at: number }>();
  return limiter(
    (key, now) => {
      let b = buckets.get(key);
      if (!b) buckets.set(key, (b = { tokens: capacity, at: now }));
      b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * perSecond);
      b.at = now;
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
    () => buckets.size,
  );
}

/** A sliding log that records refused attempts too: a client retrying through its 429s never gets back in. */
export function logCountingRefusals(limit = 2, windowMs = 1000): SlidingWindowLimiter {
  const log = new Map<Key, number[]>();
  return limiter(
    (key, now) => {
      const times = (log.get(key) ?? []).filter((t) => now - t < windowMs);
      const admitted = times.length < limit;
      times.push(now);
      log.set(key, times.slice(-limit));
      return admitted;
    },
    () => log.size,
  );
}

const admitAllIps: FixedWindowLimiter = { tryAdmit: () => true };

const wallClock = (deps: AppDeps) => () => (deps.clock ?? systemClock).now().getTime();

/** The customer of a bearer token, when it is not blocked (whom the limiter would count). */
function countedCustomer(deps: AppDeps, authorization: string | undefined): Customer | undefined {
  const customer = customerOfAuthorization(deps, authorization);
  return customer && !customer.blocked ? customer : undefined;
}

/**
 * A queue instead of refusals: each protected request of a customer waits until its sliding second
 * has room, then goes on to be answered; nothing is refused. A request whose client goes away
 * while it waits is dropped (its slot stays taken, as in a queue that does not look back), so the
 * server can still close after a flood.
 */
function queueing(deps: AppDeps): AppDeps {
  const slots = new Map<Key, number[]>();
  const now = monotonicNow(deps);
  const hold: RequestHandler = (req, res, next) => {
    const customer = isPublic(req) ? undefined : countedCustomer(deps, req.headers.authorization);
    if (!customer) return next();
    const t = now();
    const taken = slots.get(customer.id) ?? [];
    const slot = taken.length < 2 ? t : Math.max(t, (taken[0] as number) + 1000);
    slots.set(customer.id, [...taken, slot].slice(-2));
    if (slot <= t) return next();
    const timer = setTimeout(next, slot - t);
    res.once('close', () => clearTimeout(timer));
  };
  return intercept({ ...deps, limiter: admitAll }, hold);
}

const BUSINESS_REJECTIONS = new Set([400, 403, 404, 413, 415, 422]);

export const rateLimitFaults: Fault[] = [
  {
    id: 'limiter-fixed-window',
    description: 'fixed one-second windows starting at the first hit (2 per window): 4 admitted within ~200 ms across an edge',
    rules: ['RATE-3'],
    passive: thirdAdmission(['RATE-3'], 'a fixed window admits a third request within one sliding second across its edge, which RATE-1 says gives 429'),
    configure: (deps) => ({ ...deps, limiter: fixedWindowFromFirstHit() }),
  },
  {
    id: 'limiter-clock-aligned-window',
    description: 'windows aligned to wall-clock seconds (2 per second): hits at x.9, x.9, x+1.1 all admitted',
    rules: ['RATE-3'],
    passive: thirdAdmission(['RATE-3'], 'windows aligned to the clock admit a third request within one sliding second across a full second, which RATE-1 says gives 429'),
    configure: (deps) => ({ ...deps, limiter: clockAlignedWindow(wallClock(deps)) }),
  },
  {
    id: 'limiter-sliding-window-counter',
    description: 'sliding-window counter (previous second weighted + current): hits at x.95, x.97, x+1.5 all admitted',
    rules: ['RATE-3'],
    passive: thirdAdmission(['RATE-3'], 'the weighted counter admits a third request within one sliding second, which RATE-1 says gives 429'),
    configure: (deps) => ({ ...deps, limiter: slidingWindowCounter(wallClock(deps)) }),
  },
  {
    id: 'limiter-token-bucket',
    description: 'token bucket of 2 refilled at 2/s: hits at 0, 0, 550 ms all admitted',
    rules: ['RATE-3'],
    passive: thirdAdmission(['RATE-3'], 'a burst plus a refill admits a third request within one sliding second, which RATE-1 says gives 429'),
    configure: (deps) => ({ ...deps, limiter: tokenBucket() }),
  },
  {
    id: 'limiter-per-token',
    description: 'the limit is kept per token instead of per customer: several tokens multiply the budget',
    rules: ['RATE-6'],
    configure: (deps) => {
      const perToken = createSlidingWindowLimiter();
      const now = monotonicNow(deps);
      const byToken: RequestHandler = (req, _res, next) => {
        if (!perToken.tryAdmit(hashApiToken(req.headers.authorization ?? ''), now())) throw errors.rateLimited();
        next();
      };
      return interceptParsed({ ...deps, limiter: admitAll }, byToken);
    },
  },
  {
    id: 'limiter-per-connection',
    description: 'the limit is kept per customer and connection: parallel clients of one customer each get the full budget',
    rules: ['RATE-7'],
    passive: thirdAdmission(['RATE-7'], 'a second connection of the customer gets its own budget, so a third request is admitted within one sliding second, which RATE-1 says gives 429'),
    configure: (deps) => {
      const perConnection = createSlidingWindowLimiter();
      const now = monotonicNow(deps);
      const byConnection: RequestHandler = (req, res, next) => {
        const key = `${currentCustomer(res).id}:${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? 0}`;
        if (!perConnection.tryAdmit(key, now())) throw errors.rateLimited();
        next();
      };
      return interceptParsed({ ...deps, limiter: admitAll }, byConnection);
    },
  },
  {
    id: 'limiter-counts-public',
    description: 'GET /, GET /health and OPTIONS sent with a valid token count toward (and are refused by) the customer limit',
    rules: ['RATE-10'],
    passive: { unseen: { 'RATE-10': "the checks' token has every protected request refused, so no answer shows it is a customer's: its refusals may be the per-address limit of invalid tokens (FREE-RATE-2)" } },
    configure: (deps) => {
      const shared = deps.limiter ?? createSlidingWindowLimiter();
      const now = monotonicNow(deps);
      const countPublic: RequestHandler = (req, _res, next) => {
        const customer = isPublic(req) ? countedCustomer(deps, req.headers.authorization) : undefined;
        if (customer && !shared.tryAdmit(customer.id, now())) throw errors.rateLimited();
        next();
      };
      return intercept({ ...deps, limiter: shared }, countPublic);
    },
  },
  {
    id: 'limiter-skips-business-rejections',
    description: 'requests answered 400/403/404/413/415/422 are taken back out of the customer window',
    rules: ['RATE-9'],
    passive: thirdAdmission(['RATE-9'], THIRD_ADMITTED),
    configure: (deps) => {
      const { limiter: forgetful, takeBack } = forgettingLog((status) => BUSINESS_REJECTIONS.has(status));
      return intercept({ ...deps, limiter: forgetful }, takeBack);
    },
  },
  {
    id: 'limiter-no-retry-after',
    description: '429 answers without the Retry-After header',
    rules: ['ERR-23'],
    configure: (deps) =>
      intercept(deps, (_req, res, next) => {
        // At writeHead, whichever way the 429 is written (directly by the limiter, or by the error mapper).
        const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => typeof res;
        res.writeHead = ((code: number, ...rest: unknown[]) => {
          if (code !== 429) return writeHead(code, ...rest);
          res.removeHeader('Retry-After');
          const strip = (a: unknown) =>
            a && typeof a === 'object' && !Array.isArray(a) ? Object.fromEntries(Object.entries(a).filter(([k]) => k.toLowerCase() !== 'retry-after')) : a;
          return writeHead(code, ...rest.map(strip));
        }) as typeof res.writeHead;
        next();
      }),
  },
  {
    id: 'limiter-counts-429s',
    description: 'refused requests are recorded in the window too: retrying through 429s extends the lockout',
    rules: ['RATE-11'],
    configure: (deps) => ({ ...deps, limiter: logCountingRefusals() }),
  },
  {
    id: 'limiter-global',
    description: 'one window for all customers: one busy customer throttles everybody',
    rules: ['RATE-5'],
    configure: (deps) => {
      const one = createSlidingWindowLimiter();
      return { ...deps, limiter: limiter((_key, t) => one.tryAdmit('all', t), () => 1) };
    },
  },
  {
    id: 'limiter-admits-three',
    description: 'an exact sliding second, but of 3 requests',
    rules: ['RATE-1'],
    passive: thirdAdmission(['RATE-1']),
    configure: (deps) => ({ ...deps, limiter: createSlidingWindowLimiter(3, 1000) }),
  },
  {
    id: 'limiter-window-850',
    description: 'an exact sliding log of 2, but over 850 ms: a third request 870 ms after two admitted ones is admitted',
    rules: ['RATE-1'],
    passive: thirdAdmission(['RATE-1']),
    configure: (deps) => ({ ...deps, limiter: createSlidingWindowLimiter(2, 850) }),
  },
  {
    id: 'limiter-window-950',
    description: 'an exact sliding log of 2, but over 950 ms: a third request 960 ms after two admitted ones is admitted',
    rules: ['RATE-1'],
    passive: thirdAdmission(['RATE-1']),
    configure: (deps) => ({ ...deps, limiter: createSlidingWindowLimiter(2, 950) }),
  },
  {
    id: 'limiter-queueing',
    description: 'never answers 429: the third and later requests of a second are held until the sliding second has room, then answered 200',
    rules: ['RATE-1'],
    passive: { unseen: { 'RATE-1': 'the third request is answered 200 once its sliding second has room: a request held on its way would be decided as late, so the recorded times cannot show it was decided within the second' } },
    configure: queueing,
  },
  {
    id: 'limiter-too-strict',
    description: 'an exact sliding log of 2, but over 1.5 seconds: a client keeping to 2 per second is refused',
    rules: ['RATE-2'],
    passive: { alsoBreaks: { 'RATE-11': 'the window of 1.5 seconds refuses a request sent more than a second after a 429 of its customer, which RATE-11 says is admitted' } },
    configure: (deps) => ({ ...deps, limiter: createSlidingWindowLimiter(2, 1500) }),
  },
  {
    id: 'limit-raised-by-header',
    description: 'a request carrying X-RateLimit-Limit: N is limited to N per sliding second instead of 2',
    rules: ['RATE-15'],
    passive: thirdAdmission(['RATE-15'], 'a request asking for a higher limit gets it, so a third request is admitted within one sliding second, which RATE-1 says gives 429'),
    configure: (deps) => {
      const windows = new Map<number, number[]>();
      // Every protected request is judged here (after authentication), the customer limiter admits all.
      const raisable: RequestHandler = (req, res, next) => {
        const asked = Number(req.headers['x-ratelimit-limit']);
        const limit = Number.isInteger(asked) && asked > 2 ? asked : 2;
        const id = currentCustomer(res).id;
        const now = performance.now();
        const admitted = (windows.get(id) ?? []).filter((at) => now - at < 1000);
        if (admitted.length >= limit) throw errors.rateLimited();
        windows.set(id, [...admitted, now]);
        next();
      };
      return interceptParsed({ ...deps, limiter: admitAll }, raisable);
    },
  },
  {
    id: 'invalid-token-unlimited',
    description: 'no limit per source IP for invalid tokens',
    rules: ['RATE-12'],
    configure: (deps) => ({ ...deps, invalidTokenLimiter: admitAllIps }),
  },
  {
    id: 'invalid-token-limit-below-documented',
    description: 'requests without a valid token are refused per source IP after two thirds of the documented limit (the profile still documents the whole)',
    rules: ['RATE-12'],
    configure: (deps) => {
      const documented = deps.invalidTokenLimit ?? INVALID_TOKEN_LIMIT;
      return { ...deps, invalidTokenLimiter: createFixedWindowLimiter(Math.floor((documented.requests * 2) / 3), documented.windowSeconds * 1000) };
    },
  },
];
