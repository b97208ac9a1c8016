/**
 * What the webhook checks look at: a scenario's PDF calls on the target and the deliveries its
 * capture recorded for the scenario's projects, whichever capture kind saw them.
 */
import type { ApiResponse } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import type { Delivery } from '../../harness-core/capture-protocol.js';

/** Why a scenario could not run: every check using it is skipped with this reason. */
export interface Skipped {
  skip: string;
}

export function isSkipped<T extends object>(value: T | Skipped): value is Skipped {
  return 'skip' in value;
}

/** The parsed body, or undefined when it is not a JSON object. */
export function bodyOf(delivery: Delivery): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(delivery.body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds from sending a request to the end of its response, by the harness's own timestamps. */
export function responseMs(res: ApiResponse): number {
  return res.exchange.receivedAt - res.exchange.sentAt;
}

/** A delivery as an exchange of the report, its `authenticate` value redacted. */
export function deliveryExchange(d: Delivery): Exchange {
  const body = d.body.replace(/("authenticate"\s*:\s*)"(?:[^"\\]|\\.)*"/, '$1"<redacted>"');
  return {
    customer: `webhook delivery (${d.via}, answered ${d.answer.kind === 'status' ? d.answer.status : d.answer.kind})`,
    request: { method: d.method, url: `${d.host}${d.path}`, headers: d.headers, body },
    error: 'captured at the receiver',
    sentAt: 0,
    receivedAt: 0,
  };
}

export interface ProjectRun {
  key: string;
  /** HTTP statuses of every PDF call for this project, in order. */
  pdfStatuses: number[];
  deliveries: Delivery[];
}

/** The main scenario: first PDFs through the API and their deliveries. */
export interface MainObservation {
  siteUrl: string;
  /** The expected `authenticate` value, when the profile knows it. */
  authenticate: string | undefined;
  /** First PDF by two concurrent calls without type, then a repeated one. */
  service: ProjectRun;
  /** The first PDF of a second project with type=check (when a project was left for it). */
  check?: ProjectRun;
  /** A PDF call of an incomplete project and what it sent (nothing expected). */
  failed?: ProjectRun;
  /** Event ids of earlier runs against this target (from the state file). */
  earlierEventIds: string[];
  startedAt: number;
  endedAt: number;
  exchanges: Exchange[];
}
