import { availableParallelism } from 'node:os';
import { createCustomerQueues } from './customer-queues.js';
import { LEASE_KINDS, type LeaseCandidate } from './lease-kinds.js';
import { createLeasePolicy } from './lease-policy.js';
import { PacerInterrupted } from './pacer-interrupted.js';
import { createRunStatistics, type RunStats } from './pacer-statistics.js';
import { createSeniority } from './pacer-seniority.js';
import { servePacerRoutes, type PacerRoute } from './pacer-transport.js';
import { createStartupTurns, type StartupTurns } from './startup-turns.js';
import { quietPhase as processQuietPhase, type QuietPhase } from './quiet-phase.js';
import { watchLaneBound } from './lane-bound-watch.js';
import { INVALID_TOKEN_LANE } from './invalid-token-lane.js';

// Callers (the suites' harness, the CLI) take the pacer's types from here.
export type { LeaseCandidate, LeaseKind } from './lease-kinds.js';
export type { RunStats } from './pacer-statistics.js';

/**
 * One scheduler for all vitest workers, living in the main process (started by the global
 * setup): workers ask it over loopback HTTP before each request to the target and report when
 * the response arrived. It also leases customers with an active license to checks and collects
 * the run's figures. This module wires the parts and states the protocol's routes.
 */
export interface PacerServer {
  url: string;
  stats(): RunStats;
  /** The run was interrupted: every waiting and later request for a customer is refused (503), so checks end at once. */
  interrupt(): void;
  /** The workers' start turns: vitest's pool takes them, each worker's setup file gives its own back (`/startup-done`). */
  startupTurns: StartupTurns;
  close(): Promise<void>;
}

/** How long one `/quiet` call waits at most before it answers "not yet". */
const QUIET_POLL_MS = 30_000;

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const optionalNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);

export async function startPacerServer(options: {
  /** Customers checks may lease; a bare name is a pool-like customer with the heat-pump right and 2 tokens. */
  leaseGroup: (LeaseCandidate | string)[];
  /**
   * Requests each role customer is expected to send for its role (the floor estimate's table): a
   * customer with much role work to come gets leased only once the others have as much.
   */
  expectedRoleRequests?: Record<string, number>;
  marginMs?: number;
  /** Leases one customer holds at once (a check's further leases are not held back: it already waits on them). */
  maxLeasesPerCustomer?: number;
  /** Requests sent before the run (the CLI's preflight): per customer, when their responses arrived (epoch ms). */
  priorResponses?: Record<string, number[]>;
  /** Tells when only the quiet files are left (default: the process's, which the progress reporter feeds). */
  quietPhase?: QuietPhase;
}): Promise<PacerServer> {
  const quiet = options.quietPhase ?? processQuietPhase();
  const statistics = createRunStatistics(() => quiet.quietSince());
  const seniority = createSeniority();
  // Set once the queues exist: the watch asks them how long the lane waits.
  let laneWaitMs = () => 0;
  let laneWaitingFiles = (): ReadonlySet<string> => new Set();
  const laneBound = watchLaneBound({ quiet, laneWaitMs: () => laneWaitMs(), laneWaitingFiles: () => laneWaitingFiles() });
  const queues = createCustomerQueues({
    seniority,
    marginMs: options.marginMs,
    priorResponses: options.priorResponses,
    onGrant: (customer) => {
      statistics.granted(customer);
      if (!customer.startsWith('#')) laneBound.customerGranted();
    },
    onAnswer: statistics.answered,
    othersEnded: (file) => quiet.othersEnded(file),
  });
  laneWaitMs = () => queues.waitingMs(INVALID_TOKEN_LANE);
  laneWaitingFiles = () => queues.waitingFiles(INVALID_TOKEN_LANE);
  const leases = createLeasePolicy({ leaseGroup: options.leaseGroup, expectedRoleRequests: options.expectedRoleRequests, maxLeasesPerCustomer: options.maxLeasesPerCustomer, seniority });
  const startupTurns = createStartupTurns(availableParallelism());
  let interrupted = false;
  let interruptNow = () => {};
  const interruption = new Promise<void>((resolve) => (interruptNow = resolve));

  const routes: Record<string, PacerRoute> = {
    '/acquire': async (body) => {
      const customer = String(body.customer);
      const grants = optionalNumber(body.grants) ?? 1;
      const check = optionalString(body.check);
      const held = body.hold === true;
      if (interrupted) throw new PacerInterrupted();
      statistics.count({ customer, area: optionalString(body.area), grants, held, rule: optionalString(body.rule), leasedAs: leases.count(customer, check, grants) });
      // The lane is opened with the pace its first request names (at the API's 2 per second, a
      // whole-lane hold of the invalid-token lane could never be granted).
      return { grant: await queues.acquire({ customer, grants, held, check, limit: optionalNumber(body.limit), windowMs: optionalNumber(body.windowMs), last: body.last === true, file: optionalString(body.file) }) };
    },
    '/release': (body) => {
      queues.release({ customer: String(body.customer), grant: optionalNumber(body.grant), status: optionalNumber(body.status), label: optionalString(body.label), openEnded: body.openEnded === true, quietUntil: optionalNumber(body.quietUntil) });
    },
    // A probe that needs a lane quiet for longer than its pace (the per-address window of RATE-12) waits from here.
    '/slowest-paced-answer': () => ({ ms: queues.slowestPacedAnswerMs() }),
    '/last-response': (body) => ({ at: queues.lastResponse(String(body.customer)) }),
    // A check of a quiet file waits here until every other file has ended (quiet-phase.ts); it
    // asks again after a while, so that no HTTP timeout on the way ends a long wait.
    '/quiet': async () => {
      let timer: NodeJS.Timeout | undefined;
      const later = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIET_POLL_MS)));
      await Promise.race([quiet.whenQuiet(), interruption, later]);
      clearTimeout(timer);
      if (interrupted) throw new PacerInterrupted();
      return { quiet: quiet.quietSince() !== undefined };
    },
    '/startup-done': (body) => startupTurns.giveBack(optionalNumber(body.turn) ?? 0),
    '/lease': async (body) => {
      const request = {
        check: optionalString(body.check),
        kind: LEASE_KINDS.find((k) => k === body.kind) ?? 'licensed',
        exclusive: body.exclusive === true,
        minTokens: optionalNumber(body.minTokens) ?? 1,
        expectedRequests: optionalNumber(body.expectedRequests),
        among: Array.isArray(body.among) ? body.among.filter((c): c is string => typeof c === 'string') : undefined,
      };
      return { customer: await leases.lease(request) };
    },
    '/unlease': (body) => leases.unlease(String(body.customer), optionalString(body.check) ?? ''),
    // A worker's 429 outside the rate-limit checks, after its release: the proof that it breaks RATE-2, or null.
    '/judge-429': (body) => {
      const customer = String(body.customer);
      const proof = typeof body.grant === 'number' ? queues.disprove(customer, body.grant) : undefined;
      if (proof) statistics.provenWrong({ customer, check: String(body.check), method: String(body.method), path: String(body.path) });
      return { proof: proof ?? null };
    },
    '/unintended-429': (body) => statistics.unintended429(body as unknown as RunStats['unintended429'][number]),
    '/created': (body) => statistics.created(body as unknown as RunStats['createdProjects'][number]),
    '/stats': () => statistics.snapshot(),
  };

  const transport = await servePacerRoutes(routes);
  return {
    url: transport.url,
    stats: () => statistics.snapshot(),
    startupTurns,
    interrupt: () => {
      interrupted = true;
      interruptNow();
      startupTurns.close();
      queues.interrupt();
      leases.interrupt();
    },
    close: () => {
      laneBound.stop();
      queues.close();
      startupTurns.close();
      return transport.close();
    },
  };
}
