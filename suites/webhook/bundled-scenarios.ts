/**
 * Bundled-mode scenarios. The spec sends exactly one delivery per project ever, so every scenario
 * needs projects whose first PDF has not been created: each starts a fresh in-process server
 * (about 0.1 s, own temporary database) and uses its calculable demo project. Scenarios run once
 * per worker and are shared by the checks that inspect them; their servers are closed when the
 * scenario is over (the deliveries stay recorded).
 */
import { HarnessError } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import { InProcessServer, type CallResult, type ReceiverBehaviour } from './in-process.js';
import { deliveriesOf, type Delivery, type MainObservation } from './observation.js';

/** Longer than the reference sender's timeout (5 s): a sender that waits for it is seen. */
export const SLOW_RECEIVER_MS = 8_000;
/** A PDF response slower than this while the receiver hangs or fails counts as blocked by the delivery. */
export const FAST_PDF_MS = 3_000;

const scenarios = new Map<string, Promise<unknown>>();

function once<T>(name: string, run: () => Promise<T>): Promise<T> {
  let scenario = scenarios.get(name) as Promise<T> | undefined;
  if (!scenario) {
    scenario = run();
    scenarios.set(name, scenario);
  }
  return scenario;
}

async function withServer<T>(name: string, behaviour: ReceiverBehaviour, run: (s: InProcessServer) => Promise<T>, extra: { redirectTarget?: boolean } = {}): Promise<T> {
  const server = await InProcessServer.start(name, behaviour, extra);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

/**
 * A second calculable project of the primary demo customer (the profile names only one): the own
 * projects of GET /reports that are none of the profile's purposes, probed with GET .../results.
 */
async function secondCalculable(s: InProcessServer): Promise<string> {
  const keys = s.profile.resources?.primaryProjectKeys ?? {};
  const known = new Set(Object.values(keys).filter((v): v is string => typeof v === 'string' && /^[a-z]{9}$/i.test(v)));
  const list = await s.get('/reports');
  if (list.status !== 200) throw new HarnessError(`in-process GET /reports answered ${list.status}`);
  const groups = JSON.parse(list.text) as Record<string, unknown>;
  const candidates: string[] = [];
  for (const value of Object.values(groups)) {
    if (!Array.isArray(value)) continue;
    for (const entry of value as { key?: unknown }[]) {
      if (typeof entry?.key === 'string' && !known.has(entry.key)) candidates.push(entry.key);
    }
  }
  for (const key of candidates) {
    if ((await s.get(`/reports/${key}/results`)).status === 200) return key;
  }
  throw new HarnessError(`the in-process demo seed has no second calculable project of the primary customer (probed ${candidates.join(', ') || 'nothing'})`);
}

/**
 * The main scenario: project P's first PDF by two concurrent calls without type, project L's
 * first PDF with type=check, the incomplete project's PDF (422, must send nothing), and a repeated
 * PDF of P. Then the server settles and the deliveries are counted.
 */
export function bundledMain(): Promise<MainObservation> {
  return once('main', () =>
    withServer('main', { kind: 'reply', status: 200 }, async (s) => {
      const startedAt = Date.now();
      const service = s.projectKey('calculable');
      const incomplete = s.projectKey('incomplete');
      const check = await secondCalculable(s);
      const concurrent = await Promise.all([s.pdf(service), s.pdf(service)]);
      const checkPdf = await s.pdf(check, 'check');
      const failed = await s.pdf(incomplete);
      const repeated = await s.pdf(service);
      await s.settle();
      const all = [...s.deliveries];
      return {
        mode: 'bundled' as const,
        siteUrl: s.server.siteUrl,
        authenticate: s.authenticate,
        service: { key: service, firstType: undefined, pdfStatuses: [...concurrent, repeated].map((r) => r.status), deliveries: deliveriesOf(all, service) },
        check: { key: check, firstType: 'check' as const, pdfStatuses: [checkPdf.status], deliveries: deliveriesOf(all, check) },
        failed: { key: incomplete, firstType: undefined, pdfStatuses: [failed.status], deliveries: deliveriesOf(all, incomplete) },
        all,
        expectedPath: s.expectedPath,
        earlierEventIds: [],
        startedAt,
        endedAt: Date.now(),
        exchanges: s.exchanges,
      };
    }),
  );
}

export interface PortalObservation {
  key: string;
  /** Deliveries for the project after the portal's creation had settled. */
  afterPortal: Delivery[];
  api: CallResult;
  /** Deliveries for the project after the following API pdf call had settled. */
  final: Delivery[];
  exchanges: Exchange[];
}

/** The portal's central document creation first, then an API pdf call of the same project. */
export function bundledPortal(): Promise<PortalObservation> {
  return once('portal', () =>
    withServer('portal', { kind: 'reply', status: 200 }, async (s) => {
      const key = s.projectKey('calculable');
      await s.server.portal.createDocument(key, 'service');
      await s.settle();
      const afterPortal = deliveriesOf(s.deliveries, key);
      const api = await s.pdf(key);
      await s.settle();
      return { key, afterPortal, api, final: deliveriesOf(s.deliveries, key), exchanges: s.exchanges };
    }),
  );
}

export interface FailingReceiverObservation {
  what: string;
  key: string;
  pdf: CallResult;
  /** Every request the receiver (and a redirect target) got. */
  all: Delivery[];
  expectedPath: string;
  receiverHost: string;
  exchanges: Exchange[];
}

const FAILING: Record<string, { what: string; behaviour: ReceiverBehaviour; redirect?: boolean }> = {
  'status-500': { what: 'a receiver answering 500', behaviour: { kind: 'reply', status: 500 } },
  slow: { what: `a receiver answering only after ${SLOW_RECEIVER_MS / 1000} s`, behaviour: { kind: 'reply', status: 200, delayMs: SLOW_RECEIVER_MS } },
  refused: { what: 'a receiver refusing the connection', behaviour: { kind: 'error', code: 'ECONNREFUSED' } },
  redirect: { what: 'a receiver answering 302 to another host', behaviour: { kind: 'reply', status: 302 }, redirect: true },
  loopback: { what: 'a receiver on 127.0.0.1 (loopback: not a public address)', behaviour: { kind: 'loopback' } },
};

export type FailingKind = keyof typeof FAILING;

/** The first PDF of a fresh project while the receiver misbehaves (or is not allowed). */
export function bundledFailing(kind: 'status-500' | 'slow' | 'refused' | 'redirect' | 'loopback'): Promise<FailingReceiverObservation> {
  const spec = FAILING[kind] as (typeof FAILING)[string];
  return once(`failing:${kind}`, () =>
    withServer(
      kind,
      spec.behaviour,
      async (s) => {
        const key = s.projectKey('calculable');
        const pdf = await s.pdf(key);
        await s.settle(1_000);
        return { what: spec.what, key, pdf, all: [...s.deliveries], expectedPath: s.expectedPath, receiverHost: s.receiverHost, exchanges: s.exchanges };
      },
      { redirectTarget: spec.redirect ?? false },
    ),
  );
}
