import { INVALID_TOKEN_LIMIT, type InvalidTokenLimit } from '../rate-limit/fixed-window.js';

/**
 * The spec's error table as one registry: every error the server answers is built here,
 * so status, `details.type` and the German message cannot drift apart.
 */
export type ErrorType =
  | 'validation'
  | 'authentication'
  | 'authorization'
  | 'not_found'
  | 'calculation_unavailable'
  | 'rate_limit'
  | 'server_error'
  | 'service_unavailable';

/**
 * Valid RFC 8259 syntax that parsers read differently (http/strict-json.ts): a member name twice in
 * one object, an escaped lone surrogate. I-JSON forbids both; they are answered as malformed JSON.
 */
export type JsonAmbiguity = { duplicateMember: string } | 'loneSurrogate';

export type ErrorDetails = { type: ErrorType; field?: string } & Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, details: ErrorDetails, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.details = details;
    this.headers = headers;
  }

  toBody(): { status: number; error: string; details: ErrorDetails } {
    return { status: this.status, error: this.message, details: this.details };
  }
}

export const RATE_LIMIT = { limit: 2, windowSeconds: 1, retryAfter: 1 } as const;

export const errors = {
  malformedJson: (ambiguity?: JsonAmbiguity) => {
    if (ambiguity === 'loneSurrogate') {
      return new ApiError(400, 'Der Anfrageinhalt ist kein gültiges JSON: er enthält ein einzelnes UTF-16-Surrogat (etwa \\ud800 ohne sein Gegenstück).', { type: 'validation' });
    }
    if (typeof ambiguity === 'object') {
      const field = ambiguity.duplicateMember;
      return new ApiError(400, `Der Anfrageinhalt ist kein gültiges JSON: der Name ${field} kommt in einem Objekt mehrfach vor.`, { type: 'validation', field });
    }
    return new ApiError(400, 'Der Anfrageinhalt ist kein gültiges JSON.', { type: 'validation' });
  },
  unauthenticated: () =>
    new ApiError(401, 'Authentifizierung fehlgeschlagen: API-Token fehlt oder ist ungültig.', { type: 'authentication' }),
  forbidden: (reason: string) => new ApiError(403, `Keine Berechtigung: ${reason}`, { type: 'authorization' }),
  notFound: () => new ApiError(404, 'Die angeforderte Ressource wurde nicht gefunden.', { type: 'not_found' }),
  payloadTooLarge: () =>
    new ApiError(413, 'Der Anfrageinhalt ist größer als 64 KiB (65536 Bytes).', { type: 'validation' }),
  unsupportedMediaType: () =>
    new ApiError(415, 'Der Content-Type muss application/json sein (Zeichensatz UTF-8).', { type: 'validation' }),
  validation: (message: string, field?: string) =>
    new ApiError(422, message, field === undefined ? { type: 'validation' } : { type: 'validation', field }),
  calculationUnavailable: (message: string) =>
    new ApiError(422, message, { type: 'calculation_unavailable', calculationStatus: 'unavailable' }),
  rateLimited: () =>
    new ApiError(
      429,
      'Zu viele Anfragen: höchstens 2 Anfragen pro Sekunde. Bitte mindestens 1 Sekunde warten.',
      { type: 'rate_limit', ...RATE_LIMIT },
      { 'Retry-After': String(RATE_LIMIT.retryAfter) },
    ),
  /** The figures of the limit the server runs with (`--invalid-token-limit`); a window's length is the longest wait. */
  invalidTokenRateLimited: (limit: InvalidTokenLimit = INVALID_TOKEN_LIMIT) =>
    new ApiError(
      429,
      'Zu viele Anfragen mit ungültigem API-Token von dieser Adresse. Bitte später erneut versuchen.',
      { type: 'rate_limit', limit: limit.requests, windowSeconds: limit.windowSeconds, retryAfter: limit.windowSeconds },
      { 'Retry-After': String(limit.windowSeconds) },
    ),
  serverError: () => new ApiError(500, 'Interner Serverfehler.', { type: 'server_error' }),
  serviceUnavailable: () =>
    new ApiError(503, 'Der Dienst ist vorübergehend nicht verfügbar.', { type: 'service_unavailable' }),
  /** Too many results and PDF jobs of large projects wait for a worker (compute/heavy-work.ts). */
  heavyWorkBusy: () =>
    new ApiError(
      503,
      'Der Dienst ist vorübergehend ausgelastet: zu viele Berechnungen und Dokumente warten. Bitte in einigen Sekunden erneut versuchen.',
      { type: 'service_unavailable' },
      { 'Retry-After': '1' },
    ),
};

/**
 * Answered by the HTTP server itself (guarded-server.ts) when a request cannot be read, before it
 * reaches any operation; so they are no operation's responses in the API description. The spec's
 * table has no row for them; like the other faults of the request they are `validation`.
 */
export const connectionErrors = {
  badHttpRequest: () => new ApiError(400, 'Die Anfrage ist keine gültige HTTP-Anfrage.', { type: 'validation' }),
  requestTimeout: () =>
    new ApiError(408, 'Die Anfrage wurde nicht rechtzeitig vollständig gesendet; die Verbindung wird geschlossen.', { type: 'validation' }),
  headersTooLarge: () => new ApiError(431, 'Die Kopfzeilen der Anfrage sind zu groß.', { type: 'validation' }),
  unsupportedHttpVersion: () => new ApiError(400, 'Die Anfrage nennt keine unterstützte HTTP-Version (HTTP/1.0 oder HTTP/1.1).', { type: 'validation' }),
  /** CONNECT asks for a tunnel; the API has no resource that answers it. */
  connectNotAllowed: () =>
    new ApiError(405, 'Die Methode CONNECT wird nicht unterstützt.', { type: 'validation' }, { Allow: 'GET, HEAD, POST, PUT, PATCH, OPTIONS' }),
  tooManyConnections: () =>
    new ApiError(503, 'Der Server hält zu viele offene Verbindungen. Bitte später erneut versuchen.', { type: 'service_unavailable' }, { 'Retry-After': '1' }),
};
