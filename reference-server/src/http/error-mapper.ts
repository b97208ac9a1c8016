import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Log } from '../log.js';
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

/** Codes of a request stream that ended because the client went away or its connection timed out. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_HTTP_REQUEST_TIMEOUT']);

/** Nobody is left to answer: the connection is closed, or the request stream broke because it was. */
function clientGone(err: unknown, req: Request): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return req.socket.destroyed || (typeof code === 'string' && CLIENT_GONE_CODES.has(code));
}

/**
 * The one place errors become responses: the spec's envelope, never a stack trace or an
 * internal message on the wire. Unexpected errors are logged server-side only; a client that
 * aborted or timed out is routine and gets one line at info level.
 */
export function errorMapper(log: Log): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (!(err instanceof ApiError) && clientGone(err, req)) {
      const code = (err as { code?: unknown } | null)?.code;
      log(`client went away during ${req.method} ${req.path} (${typeof code === 'string' ? code : 'connection closed'})`, 'info');
      res.destroy();
      return;
    }
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
