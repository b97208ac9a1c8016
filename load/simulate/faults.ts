import { createSlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import { createFixedWindowLimiter, INVALID_TOKEN_LIMIT } from '../../reference-server/src/rate-limit/fixed-window.js';
import { faults } from '../../faults/catalog/index.js';
import type { Fault } from '../../faults/fault.js';
import { conformingTargets } from '../conforming-targets.js';

/**
 * Defects only a population shows. They stay out of the fault catalogue: `npm run faults` runs
 * each catalogue fault against the conformance checks of its rules, whose few paced requests meet
 * a 1 % defect only by chance; `load:simulate --fault ID` is what must catch these.
 */
export const loadFaults: Fault[] = [
  {
    id: 'limiter-refuses-1-percent',
    description: 'every 100th protected request is refused before the exact limiter sees it (not recorded, like any 429): about 1 % of the requests of customers within their budget',
    rules: ['RATE-2'],
    configure: (deps) => {
      const exact = deps.limiter ?? createSlidingWindowLimiter();
      let requests = 0;
      return { ...deps, limiter: { tryAdmit: (key, nowMs) => (++requests % 100 === 0 ? false : exact.tryAdmit(key, nowMs)), size: () => exact.size() } };
    },
  },
  {
    id: 'refusal-burns-cpu',
    description: "every refusal costs 4 ms of synchronous work on the server's event loop (a limiter doing its bookkeeping the slow way): one customer's flood slows every other customer",
    rules: ['RATE-5'],
    configure: (deps) => {
      const exact = deps.limiter ?? createSlidingWindowLimiter();
      const burn = (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      return {
        ...deps,
        limiter: {
          tryAdmit: (key, nowMs) => {
            const admitted = exact.tryAdmit(key, nowMs);
            if (!admitted) burn(4);
            return admitted;
          },
          size: () => exact.size(),
        },
      };
    },
  },
  {
    id: 'invalid-token-limit-shared',
    description: 'the documented invalid-token limit counts the requests of every source address together: one client alone meets it where it should, a population of addresses within their budgets is refused',
    rules: ['RATE-12'],
    configure: (deps) => {
      const limit = deps.invalidTokenLimit ?? INVALID_TOKEN_LIMIT;
      const shared = deps.invalidTokenLimiter ?? createFixedWindowLimiter(limit.requests, limit.windowSeconds * 1000);
      return { ...deps, invalidTokenLimiter: { tryAdmit: (_address, nowMs) => shared.tryAdmit('every address', nowMs) } };
    },
  },
];

/** A fault of the catalogue or of the load faults above, or a conforming variant (conforming-targets.ts, which must pass). */
export function findFault(id: string): Fault | undefined {
  return [...faults, ...loadFaults, ...conformingTargets].find((f) => f.id === id);
}

export function faultIds(): string[] {
  return [...faults, ...loadFaults, ...conformingTargets].map((f) => f.id);
}
