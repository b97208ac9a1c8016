import type { ExchangeView } from '../judge/exchange-view.js';

/**
 * A 429 or a 5xx may answer any request (the limit, a failure, a gateway in front): such an answer
 * says nothing about what the request itself should have got, so input and status rules judge only
 * the other answers. Their own rules (the 429's form, the error envelope) judge them.
 */
export function answeredOnItsMerits(x: ExchangeView): boolean {
  return x.status !== 429 && x.status < 500;
}

/**
 * FREE-ERR-7: 401, 403 or 404 may take precedence over what a request's body or query deserves
 * (400, 413, 415, 422): an input rule judges an answer only when none of these explains it.
 */
export function answeredOnItsInput(x: ExchangeView): boolean {
  return answeredOnItsMerits(x) && x.status !== 401 && x.status !== 403 && x.status !== 404;
}

/** `details.type` of an error answer's JSON envelope, when it has one. */
export function detailsType(x: ExchangeView): unknown {
  const body = x.responseJson as { details?: { type?: unknown } } | undefined;
  return body !== null && typeof body === 'object' ? body.details?.type : undefined;
}

/** A loopback host: the http scheme there is waived (META-13), as for the active checks. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * FREE-ERR-8: a request-target that is no valid URI (a percent sign not followed by two hex digits)
 * may be refused by the HTTP layer before the API sees it, 400 without the envelope: such an
 * answer is not the API's, and no rule of the API's answers judges it.
 */
export function refusedAsInvalidRequestTarget(x: ExchangeView): boolean {
  return x.status === 400 && /%(?![0-9A-Fa-f]{2})/.test(x.exchange.request.url);
}
