/**
 * The control channel between the webhook checks and a capture (the nock capture next to the
 * bundled target, or the real receiver for a foreign one): what a capture records and how it can be
 * told to answer. The capture side lives in cli/webhook-capture/ and implements this.
 */

/** How the capture answers one delivery. */
export type Answer =
  | { kind: 'status'; status: number }
  /** 200, but only after `ms`: longer than a sender should wait. */
  | { kind: 'slow'; ms: number }
  /** 302 to a location the capture also records (`via: 'redirect'`): a sender must not follow it. */
  | { kind: 'redirect' }
  /** The connection is dropped without an answer. */
  | { kind: 'drop' };

export const ANSWER_KINDS = ['status', 'slow', 'redirect', 'drop'] as const;

/** One request a capture got. */
export interface Delivery {
  /** Epoch milliseconds when the request had been read completely (the capture's clock). */
  receivedAt: number;
  method: string;
  /** Host the request was addressed to (Host header, or the intercepted host). */
  host: string;
  /** Path and query. */
  path: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** 'target': the configured webhook target; 'redirect': the location of a redirect answer; 'trap': an address the sender must refuse. */
  via: 'target' | 'redirect' | 'trap';
  /** How the capture answered it. */
  answer: Answer;
}

export interface CaptureInfo {
  kind: 'nock' | 'receiver';
  /** API base URL of the target whose sender delivers here, when the capture knows it. */
  target?: string;
  /** The webhook target URL that reaches this capture. */
  webhookUrl?: string;
  /** True when the capture can act as the target's pro area and portal (only next to the bundled target). */
  targetControl: boolean;
  /** Real loopback listeners and names that resolve to them: where the address-policy checks point a webhook. */
  trap?: { loopbackPort: number; ipv6LoopbackPort?: number; privateNameSuffix: string };
}
