/**
 * The webhook scenarios: each triggers the first PDF of its own fresh project on the target (as
 * webhook.customer, paced) and reads that project's deliveries from the run's capture, so
 * scenarios run concurrently without seeing each other's deliveries or instructions. Each runs
 * once per worker and is shared by the checks that inspect it (scenario-runs.ts: once more after a
 * gateway's answer).
 *
 * The portal trigger and the temporary download document need the capture's target control
 * (the bundled target's portal, in the capture's process); elsewhere their checks are skipped.
 */
import type { Profile } from '../../spec/profile.schema.js';
import type { ApiResponse, RequestRecorder } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import { target } from '../harness/target.js';
import { captureClient, captureSetup, type CaptureClient } from './capture-client.js';
import type { Answer, CaptureInfo, Delivery } from '../../harness-core/capture-protocol.js';
import { FreshProjects } from './fresh-projects.js';
import { sharedScenarios } from './scenario-runs.js';
import { bodyOf, type MainObservation, type Skipped } from './observation.js';
import { actorOf, incompleteProject, receiverCustomer } from './webhook-customers.js';

/** Longer than the reference sender's timeout (5 s): a sender that waits for it is seen. */
export const SLOW_RECEIVER_MS = 8_000;
/** A PDF response slower than this while the receiver hangs or fails counts as blocked by the delivery. */
export const FAST_PDF_MS = 3_000;
/** Late duplicates and retries have this long to arrive after a project's last delivery (or held answer). */
const QUIET_MS = 2_000;
const DEFAULT_WAIT_SECONDS = 30;

export interface ScenarioContext {
  profile: Profile;
  client: CaptureClient;
  info: CaptureInfo;
  fresh: FreshProjects;
  waitMs: number;
}

const once = sharedScenarios();

/** The capture, its abilities and the fresh projects of this run; or why the webhook checks cannot run. */
export function scenarioContext(profile: Profile): Promise<ScenarioContext | Skipped> {
  return once('context', async () => {
    const setup = captureSetup(profile);
    if (setup.kind === 'none') return { skip: setup.reason };
    if (target().readOnly) return { skip: 'read-only run: the webhook checks trigger PDF creations on the target' };
    const client = captureClient(setup.controlUrl);
    const calculable = profile.resources?.primaryProjectKeys?.calculable?.toLowerCase();
    const keys = (profile.webhook?.freshCalculableProjects ?? []).filter((key) => key.toLowerCase() !== calculable);
    return {
      profile,
      client,
      info: await client.info(),
      fresh: new FreshProjects(keys, 'profile webhook.freshCalculableProjects', 'webhook-used'),
      waitMs: (profile.webhook?.deliveryWaitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000,
    };
  });
}

/** A scenario's own recorder and exchange list (the checks using it attach the exchanges). */
export function scenarioRecorder(name: string): { recorder: RequestRecorder; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  return { recorder: { checkName: `webhook scenario: ${name}`, expects429: false, ended: false, record: (e) => exchanges.push(e) }, exchanges };
}

function scenarioActor(profile: Profile, name: string) {
  const { recorder, exchanges } = scenarioRecorder(name);
  return { actor: actorOf(receiverCustomer(profile), recorder), exchanges };
}

export const pdfPath = (key: string, type?: 'service' | 'check') => `/reports/${encodeURIComponent(key)}/pdf${type ? `?type=${type}` : ''}`;

/** The key's deliveries once `expect` of them arrived (at most waitMs) and nothing more came for QUIET_MS. */
export function settle(c: ScenarioContext, key: string, expect: number): Promise<Delivery[]> {
  return c.client.settled(key, { expect, waitMs: c.waitMs, quietMs: QUIET_MS });
}

function eventIdsOf(deliveries: readonly Delivery[]): string[] {
  const ids = deliveries.flatMap((d) => [d.headers['x-service-delivery'], bodyOf(d)?.eventId]);
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * Project P's first PDF by two concurrent calls without type, project L's first PDF with
 * type=check, the incomplete project's PDF (must send nothing), and a repeated PDF of P once P's
 * delivery arrived.
 */
export function mainScenario(c: ScenarioContext): Promise<MainObservation | Skipped> {
  return once('main', async () => {
    const service = c.fresh.take('first PDF without type');
    if ('skip' in service) return service;
    const check = c.fresh.take('first PDF with type=check');
    const checkKey = 'key' in check ? check.key : undefined;
    const incomplete = incompleteProject(c.profile);
    const { actor, exchanges } = scenarioActor(c.profile, 'main');
    const startedAt = Date.now();
    const first = await Promise.all([actor.get(pdfPath(service.key)), actor.get(pdfPath(service.key))]);
    const checkPdf = checkKey ? await actor.get(pdfPath(checkKey, 'check')) : undefined;
    const failedPdf = incomplete ? await actor.get(pdfPath(incomplete)) : undefined;
    const serviceOk = first.some((res) => res.status === 200);
    await settle(c, service.key, serviceOk ? 1 : 0);
    const repeated = await actor.get(pdfPath(service.key));
    const [serviceDeliveries, checkDeliveries, failedDeliveries] = await Promise.all([
      settle(c, service.key, serviceOk ? 1 : 0),
      checkKey ? settle(c, checkKey, checkPdf?.status === 200 ? 1 : 0) : Promise.resolve([]),
      incomplete ? settle(c, incomplete, 0) : Promise.resolve([]),
    ]);
    c.fresh.recordEventIds(service.key, eventIdsOf(serviceDeliveries));
    if (checkKey) c.fresh.recordEventIds(checkKey, eventIdsOf(checkDeliveries));
    return {
      siteUrl: c.profile.siteUrl.replace(/\/+$/, ''),
      authenticate: c.profile.webhook?.authenticate,
      service: { key: service.key, pdfStatuses: [...first, repeated].map((r) => r.status), deliveries: serviceDeliveries },
      // A type=check PDF the target refuses (e.g. no heat-pump right) triggers nothing to judge here; the documents checks judge the refusal.
      ...(checkKey && checkPdf?.status === 200 ? { check: { key: checkKey, pdfStatuses: [checkPdf.status], deliveries: checkDeliveries } } : {}),
      ...(incomplete && failedPdf ? { failed: { key: incomplete, pdfStatuses: [failedPdf.status], deliveries: failedDeliveries } } : {}),
      earlierEventIds: c.fresh.earlierEventIds(),
      startedAt,
      endedAt: Date.now(),
      exchanges,
    };
  });
}

export interface FailingObservation {
  what: string;
  key: string;
  pdf: ApiResponse;
  /** Every request of the project the capture got (to the target and to a redirect location). */
  deliveries: Delivery[];
  exchanges: Exchange[];
}

export const FAILING = {
  'status-500': { what: 'a receiver answering 500', answer: { kind: 'status', status: 500 } },
  slow: { what: `a receiver answering only after ${SLOW_RECEIVER_MS / 1000} s`, answer: { kind: 'slow', ms: SLOW_RECEIVER_MS } },
  drop: { what: 'a receiver dropping the connection without an answer', answer: { kind: 'drop' } },
  redirect: { what: 'a receiver answering 302 to another location', answer: { kind: 'redirect' } },
} as const satisfies Record<string, { what: string; answer: Answer }>;

export type FailingKind = keyof typeof FAILING;

/** The first PDF of a fresh project while the capture answers its delivery as `kind` says. */
export function failingScenario(c: ScenarioContext, kind: FailingKind): Promise<FailingObservation | Skipped> {
  return once(`failing:${kind}`, async () => {
    const spec = FAILING[kind];
    const project = c.fresh.take(spec.what);
    if ('skip' in project) return project;
    const { actor, exchanges } = scenarioActor(c.profile, kind);
    await c.client.answerNext(project.key, spec.answer);
    const pdf = await actor.get(pdfPath(project.key));
    const deliveries = await settle(c, project.key, pdf.status === 200 ? 1 : 0);
    c.fresh.recordEventIds(project.key, eventIdsOf(deliveries));
    return { what: spec.what, key: project.key, pdf, deliveries, exchanges };
  });
}

const NO_TARGET_CONTROL =
  "needs the target's portal, which is outside this interface: only the capture next to the bundled target can call it (webhook.mode \"capture\")";

export interface PortalObservation {
  key: string;
  /** Deliveries for the project after the portal's creation had settled. */
  afterPortal: Delivery[];
  api: ApiResponse;
  /** Deliveries for the project after the following API pdf call had settled. */
  final: Delivery[];
  exchanges: Exchange[];
}

/** The portal's central document creation first, then an API pdf call of the same project. */
export function portalScenario(c: ScenarioContext): Promise<PortalObservation | Skipped> {
  return once('portal', async () => {
    if (!c.info.targetControl) return { skip: NO_TARGET_CONTROL };
    const project = c.fresh.take('portal trigger');
    if ('skip' in project) return project;
    const { actor, exchanges } = scenarioActor(c.profile, 'portal');
    await c.client.portalDocument(project.key, 'service', false);
    const afterPortal = await settle(c, project.key, 1);
    const api = await actor.get(pdfPath(project.key));
    const final = await settle(c, project.key, 1);
    return { key: project.key, afterPortal, api, final, exchanges };
  });
}

export interface TemporaryObservation {
  key: string;
  deliveries: Delivery[];
}

/** The portal's temporary download document as the project's first PDF. */
export function temporaryScenario(c: ScenarioContext): Promise<TemporaryObservation | Skipped> {
  return once('temporary', async () => {
    if (!c.info.targetControl) return { skip: NO_TARGET_CONTROL };
    const project = c.fresh.take('temporary download document');
    if ('skip' in project) return project;
    await c.client.portalDocument(project.key, 'service', true);
    return { key: project.key, deliveries: await settle(c, project.key, 1) };
  });
}
