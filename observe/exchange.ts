/**
 * One request and its answer as the passive judge sees them, whatever recorded them (a HAR file
 * now, the recording proxy later). Tokens are never in it: `withoutCredentials`
 * (customer-hash.ts) replaces them before an exchange leaves its reader.
 */
export interface ObservedExchange {
  /** What it was read from: the HAR or exchange-log file's path, or `proxy` for live traffic. */
  source: string;
  /** Its 0-based position in its source (in a HAR, in `log.entries`). */
  index: number;
  /** When the request started, in milliseconds since the epoch (fractions kept). */
  startedAt: number;
  /** From the start of the request to the end of the answer, in milliseconds. */
  durationMs: number;
  /**
   * The unit of the recorded start's last digit, where it is coarser than a millisecond: 1000 for a
   * start given to the second (a recorder that leaves out the fraction), 100 or 10 for one given to
   * tenths or hundredths (HAR 1.2 writes "ss.s", any fraction), 60000 for one given to the minute.
   * The moment lies up to that far either side of `startedAt` (the recorder may have cut or rounded);
   * absent, the start is recorded to the millisecond or finer, as the proxy and the kit's own
   * exchange log record every one.
   */
  startUnitMs?: number;
  request: ObservedRequest;
  response: ObservedResponse;
  timings?: ExchangeTimings;
  /** Who sent it: `customer:` and a hash of its Bearer token; absent when it carried none. */
  customer?: string;
  /** What the rules need to know of the Bearer token, learnt before the token was dropped. */
  token?: TokenFacts;
  /**
   * Set by the recording proxy when the answer is its own, not the target's (the upstream could not
   * be reached, or broke off mid-answer): the reason. No judge reads such an exchange.
   */
  proxyFailure?: string;
  /**
   * Set by a reader when the recording shows the request sent but holds no answer (a HAR entry of
   * status 0: blocked, cancelled, failed): why. Its outcome is unknown, so no judge of an answer
   * reads it; the target may still have counted it (Judge.seeUnanswered).
   */
  unanswered?: string;
  /**
   * Set by the HAR reader on every exchange of a file exported without credentials (no request
   * carries an Authorization header, yet protected paths answered 2xx): whether a request had a
   * token is unknown, so no rule of a missing token may be judged on it.
   */
  credentialsStripped?: true;
  /** Bodies the recorder cut at its cap (forwarded whole, recorded in part): a judge must not read them as the target's. */
  bodyTruncated?: { request?: true; response?: true };
}

export interface HeaderField {
  name: string;
  value: string;
}

/**
 * A body is either text (`bodyText`) or bytes that are not (`bodyBinary`, written base64 in a
 * HAR), never both; neither when the recording has no body.
 */
export interface ObservedRequest {
  method: string;
  url: string;
  /** As recorded: `HTTP/1.1`, `h2`, `http/2.0`, or empty when unknown. */
  httpVersion: string;
  /** In recorded order, duplicates kept; HTTP/2 pseudo-headers (`:path`) left out. */
  headers: HeaderField[];
  bodyText?: string;
  bodyBinary?: Buffer;
  bodyMimeType?: string;
}

export interface ObservedResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  headers: HeaderField[];
  /** The content type the recorder gave the body; empty when unknown. */
  mimeType: string;
  /** Bytes of the body as received (compressed if it was); -1 when unknown. */
  bodySize: number;
  bodyText?: string;
  bodyBinary?: Buffer;
}

/** HAR's phases of an exchange in milliseconds; a phase that did not apply is absent. */
export interface ExchangeTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  ssl?: number;
  send?: number;
  wait?: number;
  receive?: number;
}

export interface TokenFacts {
  /** Three dot-separated base64url segments with a JSON header (AUTH-6). */
  jwtShaped: boolean;
  /** The answer (status line, headers or body) contains the token (AUTH-12). */
  echoedInAnswer: boolean;
}
