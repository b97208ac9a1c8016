import type { RequestHandler } from 'express';
import type { AppDeps } from '../reference-server/src/app.js';
import { errors } from '../reference-server/src/http/api-error.js';
import { createSlidingWindowLimiter } from '../reference-server/src/rate-limit/sliding-window.js';
import { customerOfAuthorization } from '../reference-server/seams/customer.js';
import { intercept } from '../reference-server/seams/intercept.js';
import { admitAll, monotonicNow } from '../faults/kit/limiters.js';
import { isPublic } from '../reference-server/seams/paths.js';
import type { Fault } from '../faults/fault.js';

/**
 * Variants of the bundled server that are correct, but in ways a judge from the outside can
 * mistake for a defect. `load:limiter --fault ID` and `load:simulate --fault ID` take them like a
 * fault and must PASS them. They stay out of the fault catalogue, whose runner requires each entry
 * to fail a check.
 */
export const conformingTargets: Fault[] = [
  {
    id: 'limiter-late-decisions',
    description:
      'an exact sliding second that holds every third protected request 2-5 s before deciding on it (then decides with the log at that moment, whether or not the client is still there), and drops the connection of every other held request it admitted instead of answering: admissions decided seconds after the client stopped waiting',
    rules: [],
    configure: lateDecisions,
  },
];

/** The held requests' delays: 2 to 5 s, spread over the range by a fixed sequence. */
export function holdMs(n: number): number {
  return 2000 + ((n * 7919) % 3001);
}

function lateDecisions(deps: AppDeps): AppDeps {
  const log = createSlidingWindowLimiter();
  const now = monotonicNow(deps);
  let requests = 0;
  const decideLate: RequestHandler = (req, res, next) => {
    const customer = isPublic(req) ? undefined : customerOfAuthorization(deps, req.headers.authorization);
    if (!customer || customer.blocked) return next();
    const n = requests++;
    const held = n % 3 === 0;
    const decide = () => {
      if (!log.tryAdmit(customer.id, now())) return next(errors.rateLimited());
      // Admitted and counted, but never answered: the client sees its connection dropped.
      if (held && n % 2 === 0) return void res.socket?.destroy();
      next();
    };
    if (!held) return decide();
    // No clearTimeout on 'close': the decision comes whether the client waited or not.
    setTimeout(decide, holdMs(n));
  };
  return intercept({ ...deps, limiter: admitAll }, decideLate);
}
