import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, errors } from './api-error.js';

const UNAVAILABLE_SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL)/;

function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_SQLITE_CODES.test(code)) return errors.serviceUnavailable();
  // Express rejects undecodable path parameters with 400; the spec calls malformed paths not found.
  if ((err as { status?: unknown } | null)?.status === 400 && err instanceof URIError) return errors.notFound();
  return undefined;
}

/**
 * The one place errors become responses: the spec's envelope, never a stack trace or an
 * internal message on the wire. Unexpected errors are logged server-side only.
 */
export function errorMapper(log: (line: string) => void): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let apiError = toApiError(err);
    if (!apiError) {
      log(`internal error on ${req.method} ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      apiError = errors.serverError();
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(apiError.status).set(apiError.headers).json(apiError.toBody());
  };
}

export const notFound: RequestHandler = () => {
  throw errors.notFound();
};
