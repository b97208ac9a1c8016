import { monotonicNow } from './monotonic-clock.js';

/** The run's figures as the pacer collected them (`/stats`, and the CLI's summary once the run ended). */
export interface RunStats {
  /** When the pacer started: epoch ms by a clock that never steps (monotonic-clock.ts), as every time below counts from it. */
  startedAt: number;
  requestsByCustomer: Record<string, number>;
  /**
   * Requests per area and demand kind (`role:primary`, `lease:licensed`, `exclusive`, ...): what
   * cli/floor-estimate.ts learns the next runs' floor estimates from.
   */
  demandByArea?: Record<string, Record<string, number>>;
  /** Per customer, its first grant and its last response (ms after startedAt): the stretch its pace could fill. */
  busyByCustomer?: Record<string, { first: number; last: number }>;
  /**
   * Requests of the invalid-token lane per rule (the one the check's title names first): the kit
   * sends no more of them than its rules need, and this says how many each one took. A whole-lane
   * hold (RATE-12's) paces its own requests: it counts the grants it held, `<rule> (lane held)`,
   * at most its requests.
   */
  laneRequestsByRule?: Record<string, number>;
  unintended429: RefusalRecord[];
  /** 429s outside the rate-limit checks that the customer's timeline at the pacer proves wrong (RATE-2): their checks failed. */
  provenWrongRefusals?: RefusalRecord[];
  createdProjects: { customer: string; key: string; check: string }[];
  /**
   * The quiet phase (quiet-phase.ts): from when (ms after startedAt) only its checks were left, and
   * the requests per customer granted from then on (also counted in requestsByCustomer). Its demand
   * rows carry the kind prefixed `quiet:`: the floor adds the phase's time to the rest's.
   */
  quietPhase?: { from: number; requestsByCustomer: Record<string, number> };
}

export interface RefusalRecord {
  customer: string;
  check: string;
  method: string;
  path: string;
}

/** A request the pacer was asked to grant, as the figures count it. */
export interface CountedRequest {
  customer: string;
  area: string | undefined;
  grants: number;
  /** Grants a check holds to send requests it paces itself (RATE-12 holds the whole invalid-token lane). */
  held: boolean;
  rule: string | undefined;
  /** The demand kind of the check's lease of the customer (lease-policy.ts), undefined for the customer's role work. */
  leasedAs: string | undefined;
}

export interface RunStatistics {
  count(request: CountedRequest): void;
  granted(customer: string): void;
  answered(customer: string): void;
  provenWrong(refusal: RefusalRecord): void;
  unintended429(refusal: RefusalRecord): void;
  created(project: RunStats['createdProjects'][number]): void;
  /** A copy: the run goes on changing the figures. */
  snapshot(): RunStats;
}

const isLane = (customer: string) => customer.startsWith('#');

export const QUIET_KIND_PREFIX = 'quiet:';

/** `quietSince`: since when (monotonic-clock.ts) the run's quiet phase is on, if it is. */
export function createRunStatistics(quietSince: () => number | undefined = () => undefined): RunStatistics {
  const busyByCustomer: NonNullable<RunStats['busyByCustomer']> = {};
  const laneRequestsByRule: NonNullable<RunStats['laneRequestsByRule']> = {};
  const demandByArea: NonNullable<RunStats['demandByArea']> = {};
  const provenWrongRefusals: RefusalRecord[] = [];
  const stats: RunStats = { startedAt: monotonicNow(), requestsByCustomer: {}, demandByArea, laneRequestsByRule, busyByCustomer, unintended429: [], provenWrongRefusals, createdProjects: [] };

  function busy(customer: string, granted: boolean): void {
    const at = monotonicNow() - stats.startedAt;
    const span = (busyByCustomer[customer] ??= { first: at, last: at });
    if (!granted) span.last = at;
  }

  return {
    count({ customer, area, grants, held, rule = '(no rule named)', leasedAs }) {
      stats.requestsByCustomer[customer] = (stats.requestsByCustomer[customer] ?? 0) + grants;
      const quietFrom = quietSince();
      if (quietFrom !== undefined) {
        const phase = (stats.quietPhase ??= { from: Math.max(0, quietFrom - stats.startedAt), requestsByCustomer: {} });
        phase.requestsByCustomer[customer] = (phase.requestsByCustomer[customer] ?? 0) + grants;
      }
      const wholeLane = held && grants > 1 && isLane(customer);
      if (isLane(customer)) {
        const key = held && grants > 1 ? `${rule} (lane held)` : rule;
        laneRequestsByRule[key] = (laneRequestsByRule[key] ?? 0) + grants;
      }
      if (area !== undefined) {
        // A whole held lane of requests without a valid token (RATE-12's) is no request count but the windows its holder waits (floor-estimate.ts).
        const plainKind = leasedAs ?? (wholeLane ? `hold:${customer}` : `role:${/^pool:\d+$/.test(customer) ? 'pool' : customer}`);
        // The quiet phase's own checks send from pool customers only: a lane's requests in it are the lane's, its phase begun while the lane waits.
        const kind = quietFrom === undefined || isLane(customer) ? plainKind : `${QUIET_KIND_PREFIX}${plainKind}`;
        const row = (demandByArea[area] ??= {});
        row[kind] = (row[kind] ?? 0) + grants;
      }
    },
    granted: (customer) => busy(customer, true),
    answered: (customer) => busy(customer, false),
    provenWrong(refusal) {
      provenWrongRefusals.push(refusal);
    },
    unintended429(refusal) {
      stats.unintended429.push(refusal);
    },
    created(project) {
      stats.createdProjects.push(project);
    },
    snapshot: () => structuredClone(stats),
  };
}
