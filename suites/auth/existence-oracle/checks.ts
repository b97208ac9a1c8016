/**
 * AUTH-23: foreign and never-existing resources must be indistinguishable beyond the answer's
 * bytes (AUTH-19): in time, in the headers' values and order, in 429s and in conditional requests.
 * One check per resource kind and method; each runs the paired probe (paired-probe.ts), judges the
 * header, 429 and conditional-request oracles on the same answers, and decides on time with the
 * sequential sign test (paired-statistics.ts). docs/existence-oracles.md explains the figures.
 */
import * as allure from 'allure-js-commons';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../../../spec/profile.schema.js';
import { GatewayAnswered, HarnessError, PREREQUISITE, type Actor } from '../../harness/client.js';
import { check, harnessProjectName, type CheckContext, type CheckOptions } from '../../harness/check.js';
import { PrerequisiteMissing, readOnward } from '../../harness/read-onward.js';
import { headerLeaks, throttleLeak, unjudgedAnswer } from './header-oracles.js';
import { armsEcdfSvg } from './arms-ecdf-svg.js';
import { armTime, bothNotFound, difference, pairsCsv, REQUESTS_PER_ARM, type Pair } from './pair.js';
import { foreignFirst, leaseLanes, PairScheduler, PROBE_SECONDS, probeSeed, type Arms, type ProbeLane, type ProbeRequest } from './paired-probe.js';
import { median, PAIR_BUDGET, sequentialProbe, type PairedSummary } from './paired-statistics.js';
import { sameFormId } from './same-form-id.js';
import { distinguishableText, indistinguishableText, undecidedText } from './verdict-text.js';

interface ProbeSpec {
  /** The endpoint as the verdict names it, e.g. `GET /reports/{projectKey}`. */
  what: string;
  request: ProbeRequest;
  /** The arms' paths for a leased customer (a room probe needs the customer's own project). */
  arms: (actor: Actor) => Promise<Arms>;
}

const needsForeignProject = (p: Profile) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');
const needsForeignApplication = (p: Profile) => (p.resources?.funding?.foreignApplicationId ? undefined : 'resources.funding.foreignApplicationId');
const needsPool = (p: Profile) => ((p.customers.pool ?? []).length > 0 ? undefined : "pool customers (customers.pool): the probe never spends a role customer's budget");

/** A pair whose answer no part of AUTH-23 judges ends the probe: the rule that owns it judges it. */
function refuseUnjudged(what: string, pair: Pair): void {
  const unjudged = unjudgedAnswer(pair);
  if (!unjudged) return;
  const statuses = (arm: 'foreign' | 'missing') => pair[arm].map((a) => a.status).join(', ');
  throw new PrerequisiteMissing(
    `prerequisite missing: ${what} answered HTTP ${unjudged.status} for the ${unjudged.arm === 'foreign' ? 'foreign' : 'never-existing'} resource (pair ${pair.index}, ${pair.customer}: foreign ${statuses('foreign')}, never-existing ${statuses('missing')}); the 404 rules (AUTH-17 to AUTH-21, AUTH-19) judge that answer, and AUTH-23 compares 404s only`,
  );
}

/** The 429 and header oracles on every pair so far. */
function judgeOracles(what: string, pairs: readonly Pair[]): void {
  const throttled = throttleLeak(pairs);
  if (throttled.leak) expect.fail(`AUTH-23 ${what}: distinguishable by 429s: ${throttled.leak}, though the pacer kept the customers within their limit (a limit bucket per existing resource)`);
  if (throttled.both) throw new HarnessError(`${what}: ${throttled.both}: the customers' own limit, which the rate-limit rules judge; the probe stops`);
  const leaks = headerLeaks(pairs);
  if (leaks.length > 0) expect.fail(`AUTH-23 ${what}: distinguishable by headers: ${leaks.join('; ')}`);
}

/**
 * A conditional GET must answer alike on both arms: If-None-Match `*`, then the ETag one of the
 * probe's answers carried (a target may tag the answers of existing resources only). Each tag
 * from a lane of its own, the longest idle first, both at once: every other lane of the probe
 * waits for them at this look. A gateway's answer to either arm of a tag leaves it unjudged, as
 * it drops a pair: false then, and the next look asks again.
 */
async function judgeConditional(what: string, lanes: readonly ProbeLane[], pairs: readonly Pair[], seed: number): Promise<boolean> {
  const etag = pairs
    .filter(bothNotFound)
    .flatMap((p) => [...p.foreign, ...p.missing])
    .map((a) => a.headers.etag)
    .find((e) => e !== undefined);
  const tags = ['*', ...(etag ? [etag] : [])];
  const answers = await Promise.all(
    tags.map(async (tag, i) => {
      const lane = lanes[i % lanes.length] as ProbeLane;
      const status = { foreign: 0, missing: 0 };
      try {
        // The order drawn like a pair's, so that neither arm always goes first.
        for (const which of foreignFirst(seed, -1) ? (['foreign', 'missing'] as const) : (['missing', 'foreign'] as const)) {
          status[which] = (await lane.actor.get(lane.arms[which], { headers: { 'if-none-match': tag } })).status;
        }
      } catch (error) {
        if (error instanceof GatewayAnswered) return undefined;
        throw error;
      }
      return { tag, ...status };
    }),
  );
  for (const answer of answers) {
    if (answer !== undefined && answer.foreign !== answer.missing) {
      expect.fail(`AUTH-23 ${what}: distinguishable by a conditional request: If-None-Match ${answer.tag} answered HTTP ${answer.foreign} for the foreign resource, ${answer.missing} for the never-existing one`);
    }
  }
  return answers.every((answer) => answer !== undefined);
}

async function runProbe(t: CheckContext, spec: ProbeSpec): Promise<void> {
  const seed = probeSeed();
  const scheduler = new PairScheduler(seed, spec.request, (pair) => refuseUnjudged(spec.what, pair));
  let probing = true;
  const leasing = leaseLanes(t, PAIR_BUDGET * (2 * REQUESTS_PER_ARM), spec.arms, (lane) => scheduler.add(lane), () => probing).catch((err: unknown) => scheduler.abort(err));
  let conditionalJudged = spec.request.method !== 'GET';
  const deadline = performance.now() + PROBE_SECONDS * 1000;
  const timeSpent = () => performance.now() >= deadline;
  try {
    const { verdict, summary } = await sequentialProbe(async (atLeast) => {
      const pairs = await scheduler.atLeastUntil(atLeast, deadline);
      judgeOracles(spec.what, pairs);
      const lanes = scheduler.idlestLanes();
      if (!conditionalJudged && lanes.length > 0) conditionalJudged = await judgeConditional(spec.what, lanes, pairs, seed);
      const judged = pairs.filter(bothNotFound);
      return { differences: judged.map(difference), answerMs: median(judged.map((p) => armTime(p.missing))) };
    }, { timeSpent });
    await report(t, spec.what, { kind: verdict.kind, summary, seed, timeSpent: timeSpent(), droppedForGateway: scheduler.droppedForGateway, conditionalJudged });
  } finally {
    probing = false;
    await scheduler.stop();
    await leasing;
    await allure.attachment('pairs.csv', pairsCsv(scheduler.pairs), 'text/csv');
    const judged = scheduler.pairs.filter(bothNotFound);
    await allure.attachment('answer times of both arms (ECDF)', armsEcdfSvg({ title: spec.what, foreignMs: judged.map((p) => armTime(p.foreign)), missingMs: judged.map((p) => armTime(p.missing)) }), 'image/svg+xml');
  }
}

/** What a probe ends with: its verdict, and what its note tells of how it was reached. */
interface ProbeOutcome {
  kind: 'distinguishable' | 'indistinguishable' | 'undecided';
  summary: PairedSummary;
  /** Draws the arm order: printed so that a run can be repeated. */
  seed: number;
  /** The probe's time ran out before the sequential test decided. */
  timeSpent: boolean;
  /** Pairs a gateway answered an arm of, in the target's place. */
  droppedForGateway: number;
  conditionalJudged: boolean;
}

async function report(t: CheckContext, what: string, { kind, summary, seed, timeSpent, droppedForGateway, conditionalJudged }: ProbeOutcome): Promise<void> {
  const dropped = droppedForGateway > 0 ? `; ${droppedForGateway} pair${droppedForGateway === 1 ? '' : 's'} dropped, a gateway having answered in the target's place` : '';
  const conditional = conditionalJudged ? '' : '; no conditional request judged: no lane was idle at a look, or a gateway answered one of its arms at each';
  const seedNote = ` [arm order seed ${seed}${dropped}${conditional}]`;
  if (kind === 'distinguishable') expect.fail(distinguishableText(what, summary) + seedNote);
  if (kind === 'undecided') t.skip(`inconclusive: ${undecidedText(what, summary, timeSpent)}${seedNote}`);
  const text = indistinguishableText(what, summary) + seedNote;
  t.note(text);
  await allure.attachment('verdict', text, 'text/plain');
}

/** A room of the foreign customer's project, created once per worker: a room id that exists, of another customer. */
let foreignRoom: Promise<string> | undefined;
const roomSchema = z.looseObject({ room: z.looseObject({ id: z.string().min(1) }) });

function foreignRoomId(t: CheckContext): Promise<string> {
  if (!foreignRoom) {
    const key = t.profile.resources?.foreignProjectKey as string;
    foreignRoom = t
      .as('foreign')
      // Sent again past a gateway's answer: a room a lost answer leaves behind is one more of the foreign project's, which no arm names.
      .post(`/reports/${key}/rooms`, { roomData: { raumBezeichnung: harnessProjectName('AUTH-23') } }, PREREQUISITE)
      .then((res) => readOnward(res, { status: 201, schema: roomSchema, owner: 'ROOM-2', what: 'the foreign customer creating a room in its own project' }).room.id);
    foreignRoom.catch(() => {
      foreignRoom = undefined;
    });
  }
  return foreignRoom;
}

/** A body the target must refuse alike for both arms (404): valid, so that no validation answers first. */
const PROJECT_PATCH = { method: 'PATCH', body: { projectData: { bemerkungen: 'cpf-conformance AUTH-23' } } } as const;
const ROOM_PATCH = { method: 'PATCH', body: { roomData: { raumNotiz: 'cpf-conformance AUTH-23' } } } as const;

function projectArms(t: CheckContext): ProbeSpec['arms'] {
  const key = t.profile.resources?.foreignProjectKey as string;
  const foreign = `/reports/${key}`;
  // One never-existing key of the foreign key's form for the whole probe: the two paths differ in
  // existence only (a 404 may echo its path, FREE-AUTH-1, so a longer key would show in
  // Content-Length), and both arms name the same resource every time, so a cache favours neither.
  const missing = `/reports/${sameFormId(key)}`;
  return () => Promise.resolve({ foreign, missing });
}

/** A room of another customer and a never-existing room id of the same form, each under the leased customer's own project. */
async function roomArms(t: CheckContext): Promise<ProbeSpec['arms']> {
  const room = await foreignRoomId(t);
  const missing = sameFormId(room);
  return async (actor) => {
    const key = await t.sharedProjectOf(actor);
    return { foreign: `/reports/${key}/rooms/${encodeURIComponent(room)}`, missing: `/reports/${key}/rooms/${encodeURIComponent(missing)}` };
  };
}

function applicationArms(t: CheckContext): ProbeSpec['arms'] {
  const funding = t.profile.resources?.funding;
  const id = funding?.foreignApplicationId as string;
  const known = [id, ...(funding?.applications ?? []).map((a) => a.applicationId)];
  const arms = { foreign: `/funding/applications/${encodeURIComponent(id)}`, missing: `/funding/applications/${encodeURIComponent(sameFormId(id, known))}` };
  return () => Promise.resolve(arms);
}

const TITLE = 'a foreign and a never-existing one answer alike in time, headers, 429s';

/**
 * One probe as a check: it waits for the quiet phase (harness-core/quiet-phase.ts) before its
 * first request, so that its samples hold the target's time and not the run's other work.
 */
function probeCheck(title: string, spec: (t: CheckContext) => ProbeSpec | Promise<ProbeSpec>, options: CheckOptions & { needs: (p: Profile) => string | undefined }): void {
  const { needs } = options;
  check('AUTH-23', title, async (t) => {
    await t.untilQuiet();
    await runProbe(t, await spec(t));
  }, { expects429: true, ...options, needs: (p) => needs(p) ?? needsPool(p) });
}

/** Registers the checks (called by the area's test file). */
export function existenceOracleChecks(): void {
  describe('existence oracles beyond the bytes: time, headers, 429s, conditional requests', () => {
    probeCheck(`GET /reports/{projectKey}: ${TITLE} and conditional requests`, (t) => ({ what: 'GET /reports/{projectKey}', request: { method: 'GET' }, arms: projectArms(t) }), { needs: needsForeignProject });

    probeCheck(`PATCH /reports/{projectKey}: ${TITLE}`, (t) => ({ what: 'PATCH /reports/{projectKey}', request: PROJECT_PATCH, arms: projectArms(t) }), { writes: true, needs: needsForeignProject });

    probeCheck(`GET /reports/{projectKey}/rooms/{roomId} under an own project: ${TITLE} and conditional requests`, async (t) => ({ what: 'GET /reports/{projectKey}/rooms/{roomId}', request: { method: 'GET' }, arms: await roomArms(t) }), { writes: true, needs: needsForeignProject });

    probeCheck(`PATCH /reports/{projectKey}/rooms/{roomId} under an own project: ${TITLE}`, async (t) => ({ what: 'PATCH /reports/{projectKey}/rooms/{roomId}', request: ROOM_PATCH, arms: await roomArms(t) }), { writes: true, needs: needsForeignProject });

    // Funding applications are read only through this API ("any write operation on funding applications" is not available): GET only.
    probeCheck(`GET /funding/applications/{applicationId}: ${TITLE} and conditional requests`, (t) => ({ what: 'GET /funding/applications/{applicationId}', request: { method: 'GET' }, arms: applicationArms(t) }), { needs: needsForeignApplication });
  });
}
