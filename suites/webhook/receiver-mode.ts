/**
 * Receiver mode (foreign targets): the CLI runs a real receiver (`--webhook-receiver PORT`,
 * scripts/conformance/webhook-receiver.ts) whose public URL the operator configured as webhook
 * target in the target's pro area (profile `webhook.receiverPublicUrl`). This module triggers the
 * first PDF of a fresh calculable project of the primary customer, waits for its delivery, repeats
 * the PDF, waits a quiet period for late duplicates, and hands the checks what arrived.
 *
 * Fresh projects: the spec sends exactly one delivery per project ever, so each run uses up one key
 * of `webhook.freshCalculableProjects`. Used keys (and the event ids that arrived) are recorded in
 * `<profile file>.webhook-used.json`; the next run takes the next key, and the recorded event ids
 * let HOOK-20 compare ids across runs. The key is recorded BEFORE the first PDF is requested, so a
 * crashed run never hands the same project to the next one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'undici';
import type { Profile } from '../../fixtures/profile.schema.js';
import { Actor, HarnessError, type RequestRecorder } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import { sleep } from './in-process.js';
import { deliveriesOf, type Delivery, type MainObservation } from './observation.js';

/** Late duplicates (a second delivery, a retry) have this long to arrive after the last trigger. */
export const QUIET_MS = 3_000;
const DEFAULT_WAIT_SECONDS = 30;
const POLL_MS = 500;

interface UsedProject {
  projectKey: string;
  usedAt: string;
  eventIds: string[];
}

interface StateFile {
  $comment: string;
  used: UsedProject[];
}

export function stateFilePath(): string {
  const profile = process.env.CPF_PROFILE;
  if (!profile) throw new HarnessError('CPF_PROFILE is not set: run the suites through `npm run conformance`');
  return `${profile}.webhook-used.json`;
}

function readState(path: string): StateFile {
  const empty: StateFile = { $comment: 'Written by the cpf-conformance webhook suite: projects of webhook.freshCalculableProjects already used (one delivery per project ever).', used: [] };
  if (!existsSync(path)) return empty;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StateFile>;
    return { ...empty, used: Array.isArray(parsed.used) ? parsed.used : [] };
  } catch (err) {
    throw new HarnessError(`the webhook state file ${path} is not valid JSON (${(err as Error).message}); fix or delete it`);
  }
}

function writeState(path: string, state: StateFile): void {
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

async function receivedSince(controlUrl: string, since: number): Promise<Delivery[]> {
  const res = await request(`${controlUrl}/deliveries?since=${since}`);
  if (res.statusCode !== 200) throw new HarnessError(`the webhook receiver's control side answered ${res.statusCode}`);
  return ((await res.body.json()) as Delivery[]).map((d) => ({ ...d, host: 'receiver' }));
}

let scenario: Promise<MainObservation> | undefined;

/** Runs once per worker; every check of the webhook file inspects the same observation. */
export function receiverMain(controlUrl: string, profile: Profile, readOnly: boolean): Promise<MainObservation> {
  scenario ??= run(controlUrl, profile, readOnly);
  return scenario;
}

async function run(controlUrl: string, profile: Profile, readOnly: boolean): Promise<MainObservation> {
  const exchanges: Exchange[] = [];
  const base: MainObservation = {
    mode: 'receiver',
    siteUrl: profile.siteUrl.replace(/\/+$/, ''),
    authenticate: profile.webhook?.authenticate,
    service: { key: '', firstType: undefined, pdfStatuses: [], deliveries: [] },
    all: [],
    earlierEventIds: [],
    startedAt: Date.now(),
    endedAt: Date.now(),
    exchanges,
  };
  if (readOnly) return { ...base, skip: 'read-only run: receiver mode triggers PDF creations on the target' };
  const calculable = profile.resources?.primaryProjectKeys?.calculable?.toLowerCase();
  const fresh = (profile.webhook?.freshCalculableProjects ?? []).filter((key) => key.toLowerCase() !== calculable);
  if (fresh.length === 0) {
    return { ...base, skip: 'profile webhook.freshCalculableProjects lists no calculable project without a PDF yet (other than resources.primaryProjectKeys.calculable)' };
  }
  const statePath = stateFilePath();
  const state = readState(statePath);
  const usedKeys = new Set(state.used.map((u) => u.projectKey.toLowerCase()));
  const key = fresh.find((k) => !usedKeys.has(k.toLowerCase()));
  if (!key) {
    return { ...base, skip: `all ${fresh.length} projects of webhook.freshCalculableProjects were used by earlier runs (${statePath}): add calculable projects that never had a PDF` };
  }
  const mine: UsedProject = { projectKey: key, usedAt: new Date().toISOString(), eventIds: [] };
  state.used.push(mine);
  writeState(statePath, state);

  const token = profile.customers.primary.tokens[0] as string;
  const recorder: RequestRecorder = { checkName: 'webhook receiver scenario', expects429: false, ended: false, record: (e) => exchanges.push(e) };
  const primary = new Actor('primary', token, { customer: 'primary' }, recorder);
  const waitMs = (profile.webhook?.deliveryWaitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;

  // The receiver and this worker share the machine's clock.
  const since = Date.now() - 50;
  const statuses: number[] = [];
  statuses.push((await primary.get(`/reports/${encodeURIComponent(key)}/pdf`)).status);
  const deadline = Date.now() + waitMs;
  while (deliveriesOf(await receivedSince(controlUrl, since), key).length === 0 && Date.now() < deadline) await sleep(POLL_MS);
  // A repeated creation: it must send nothing.
  statuses.push((await primary.get(`/reports/${encodeURIComponent(key)}/pdf`)).status);
  const incomplete = profile.resources?.primaryProjectKeys?.incomplete;
  const failedStatus = incomplete ? (await primary.get(`/reports/${encodeURIComponent(incomplete)}/pdf`)).status : undefined;
  await sleep(QUIET_MS);

  const all = await receivedSince(controlUrl, since);
  const deliveries = deliveriesOf(all, key);
  const earlierEventIds = state.used.filter((u) => u !== mine).flatMap((u) => u.eventIds);
  mine.eventIds = deliveries.map((d) => d.headers['x-service-delivery'] ?? '').filter(Boolean);
  for (const d of deliveries) {
    try {
      const id = (JSON.parse(d.body) as { eventId?: unknown }).eventId;
      if (typeof id === 'string' && !mine.eventIds.includes(id)) mine.eventIds.push(id);
    } catch {
      // The payload checks report a body that is not JSON.
    }
  }
  writeState(statePath, state);
  return {
    ...base,
    service: { key, firstType: undefined, pdfStatuses: statuses, deliveries },
    ...(incomplete && failedStatus !== undefined ? { failed: { key: incomplete, firstType: undefined, pdfStatuses: [failedStatus], deliveries: deliveriesOf(all, incomplete) } } : {}),
    all,
    earlierEventIds,
    startedAt: since,
    endedAt: Date.now(),
  };
}
