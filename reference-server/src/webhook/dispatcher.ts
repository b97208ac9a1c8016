import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import type { DeliveryOutcome, WebhookSend } from './guarded-fetch.js';
import { buildPdfGeneratedDelivery, type PdfGeneratedInput, type WebhookDocumentType } from './payload.js';

/**
 * Sends `pdf.generated` deliveries, fire-and-forget, one attempt each.
 *
 * Exactly-once is NOT this module's job. The caller claims the project's single delivery in the
 * same database transaction that stores the first successful PDF
 * (`UPDATE ... SET webhook_sent_at = ? WHERE ... AND webhook_sent_at IS NULL`) and calls
 * `dispatch` only when that statement changed a row, after the commit. A failed PDF creation
 * therefore sends nothing, and concurrent or repeated PDF creations cannot send twice. The
 * dispatcher itself only sends what it is given: no deduplication, no retry (spec: "No automatic
 * retry, no guaranteed delivery"), and the outcome goes to `record`.
 *
 * `dispatch` returns synchronously before any I/O; the PDF response never waits for the target,
 * and nothing the target, the transport or `record` does can throw into the caller.
 *
 * Logs carry the project key, event id, target host and outcome, never the `authenticate`
 * value nor the target's path or query (which may hold the receiver's secrets).
 */

export interface WebhookTarget {
  url: string;
  /** The customer's stored authentication value; goes into the payload unchanged. */
  authenticate: string;
}

export interface DeliveryRecord extends DeliveryOutcome {
  eventId: string;
  projectKey: string;
  documentType: WebhookDocumentType;
  /** Wall-clock start of the attempt, ISO 8601 UTC. */
  attemptedAt: string;
}

export interface WebhookDispatcherDeps {
  /** The guarded transport (`createGuardedFetch`). */
  send: WebhookSend;
  /** Persists the outcome of the one attempt. May be async; failures are logged, not thrown. */
  record: (delivery: DeliveryRecord) => void | Promise<void>;
  log?: (line: string) => void;
  clock?: Clock;
  newEventId?: () => string;
}

export interface DispatchHandle {
  eventId: string;
  /** Settles (never rejects) once the attempt is over and recorded. Callers need not wait. */
  settled: Promise<DeliveryRecord>;
}

export interface WebhookDispatcher {
  dispatch(target: WebhookTarget, input: PdfGeneratedInput): DispatchHandle;
  /** Resolves when no dispatched delivery is in flight (for shutdown and tests). */
  idle(): Promise<void>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || '(none)';
  } catch {
    return '(invalid URL)';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createWebhookDispatcher(deps: WebhookDispatcherDeps): WebhookDispatcher {
  const rawLog = deps.log ?? (() => {});
  const log = (line: string) => {
    try {
      rawLog(line);
    } catch {
      // A broken logger must not turn into an unhandled rejection.
    }
  };
  const clock = deps.clock ?? systemClock;
  const newEventId = deps.newEventId ?? randomUUID;
  const inFlight = new Set<Promise<DeliveryRecord>>();

  async function attempt(target: WebhookTarget, input: PdfGeneratedInput, eventId: string, attemptedAt: Date): Promise<DeliveryRecord> {
    const base = { eventId, projectKey: input?.projectKey, documentType: input?.document?.type, attemptedAt: attemptedAt.toISOString() };
    let outcome: DeliveryOutcome;
    try {
      const delivery = buildPdfGeneratedDelivery({ ...input, authenticate: target.authenticate, eventId, generatedAt: attemptedAt });
      outcome = await deps.send({ url: target.url, headers: delivery.headers, body: delivery.body });
    } catch (error) {
      // The transport never throws; this catches a bad payload input or a substituted `send`.
      outcome = { delivered: false, error: messageOf(error), durationMs: 0 };
    }
    const record: DeliveryRecord = { ...base, ...outcome };
    log(
      `webhook pdf.generated project=${record.projectKey} event=${eventId} host=${hostOf(target.url)} ` +
        `delivered=${record.delivered} status=${record.status ?? '-'} ms=${record.durationMs}` +
        (record.error ? ` error=${JSON.stringify(record.error)}` : ''),
    );
    try {
      await deps.record(record);
    } catch (error) {
      log(`webhook pdf.generated event=${eventId}: recording the outcome failed: ${messageOf(error)}`);
    }
    return record;
  }

  return {
    dispatch(target, input) {
      const eventId = newEventId();
      const attemptedAt = clock.now();
      // Deferred to a later tick: `dispatch` does no I/O and cannot throw into the PDF request.
      const settled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => attempt(target, input, eventId, attemptedAt));
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
      return { eventId, settled };
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
