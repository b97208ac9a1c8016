/**
 * What the webhook checks look at, whichever way the deliveries were captured: in bundled mode by
 * nock in front of an in-process reference server the suite starts itself (in-process.ts), in
 * receiver mode by the real receiver the CLI runs for a foreign target (receiver-mode.ts).
 *
 * How the suite knows its mode (`webhookMode`):
 * - profile `webhook.mode` "nock-in-process": bundled mode, whatever the target;
 * - profile `webhook.mode` "receiver": receiver mode; needs the CLI flag `--webhook-receiver PORT`
 *   (the CLI passes the receiver's loopback control URL in CPF_WEBHOOK_RECEIVER_URL);
 * - no `webhook` section: bundled mode when the target is the bundled reference server, which the
 *   CLI says in CPF_TARGET_KIND=bundled, or when the fault runner runs the suite (CPF_FAULT set:
 *   the in-process server then carries the same fault); otherwise every webhook check is skipped.
 */
import type { Profile } from '../../fixtures/profile.schema.js';
import type { Exchange } from '../harness/exchange.js';

export type WebhookMode =
  | { kind: 'bundled'; why: string }
  | { kind: 'receiver'; controlUrl: string }
  | { kind: 'none'; reason: string };

export function webhookMode(profile: Profile): WebhookMode {
  const configured = profile.webhook?.mode;
  if (configured === 'nock-in-process') return { kind: 'bundled', why: 'profile webhook.mode "nock-in-process"' };
  if (configured === 'receiver') {
    const controlUrl = process.env.CPF_WEBHOOK_RECEIVER_URL;
    if (!controlUrl) return { kind: 'none', reason: 'profile webhook.mode is "receiver" but no receiver runs: start the CLI with --webhook-receiver PORT' };
    return { kind: 'receiver', controlUrl };
  }
  if (process.env.CPF_FAULT) return { kind: 'bundled', why: `fault run (CPF_FAULT=${process.env.CPF_FAULT})` };
  if (process.env.CPF_TARGET_KIND === 'bundled') return { kind: 'bundled', why: 'the target is the bundled reference server' };
  return {
    kind: 'none',
    reason: 'the profile has no webhook section and the target is not the bundled reference server: add webhook {mode: "receiver", receiverPublicUrl, authenticate, freshCalculableProjects} and run with --webhook-receiver PORT',
  };
}

/** One request the receiver got (header names lower-cased). */
export interface Delivery {
  method: string;
  /** Path and query at the receiver. */
  path: string;
  /** Host the request went to (bundled mode: the nock scope's host). */
  host?: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

/** The parsed body, or undefined when it is not JSON. */
export function bodyOf(delivery: Delivery): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(delivery.body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Deliveries that concern one project: the key appears in the body (so a delivery with a broken key field still counts). */
export function deliveriesOf(all: readonly Delivery[], projectKey: string): Delivery[] {
  const key = projectKey.toLowerCase();
  return all.filter((d) => d.body.toLowerCase().includes(key));
}

export interface ProjectRun {
  key: string;
  /** The PDF type of the first creation; undefined = no type parameter (the default, service). */
  firstType: 'service' | 'check' | undefined;
  /** HTTP statuses of every PDF call for this project, in order. */
  pdfStatuses: number[];
  deliveries: Delivery[];
}

/** The main scenario: first PDFs and their deliveries, as both modes observe them. */
export interface MainObservation {
  mode: 'bundled' | 'receiver';
  siteUrl: string;
  /** The expected `authenticate` value, when known. */
  authenticate: string | undefined;
  /** First PDF without type, then repeated (bundled: two concurrent calls and a later one). */
  service: ProjectRun;
  /** Bundled mode: the first PDF of a second project with type=check. */
  check?: ProjectRun;
  /** A PDF call of an incomplete project and what it sent (nothing expected). */
  failed?: ProjectRun;
  /** Every request the receiver got during the scenario, of any method and path. */
  all: Delivery[];
  /** The receiver path the deliveries must go to (bundled mode), for telling redirects apart. */
  expectedPath?: string;
  /** Receiver mode: event ids of earlier runs against this target (from the state file). */
  earlierEventIds: string[];
  startedAt: number;
  endedAt: number;
  exchanges: Exchange[];
  /** Why the scenario could not run: every check using it is skipped with this reason. */
  skip?: string;
}
