import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from './api-error.js';

/**
 * Answers the HTTP server gives before or instead of the app (guarded-server.ts,
 * connection-caps.ts): the spec's envelope, then the connection is closed, because what follows
 * on it cannot be trusted to be a request boundary.
 */

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

function answerHeaders(error: ApiError, body: Buffer): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...error.headers,
    Connection: 'close',
  };
}

const bodyOf = (error: ApiError) => Buffer.from(JSON.stringify(error.toBody()));

/** Closes the connection once the answer is handed to the OS, or after a second if the peer does not read. */
function closeAfter(socket: Duplex, write: (done: () => void) => void): void {
  const force = setTimeout(() => socket.destroy(), 1000);
  force.unref();
  write(() => {
    clearTimeout(force);
    socket.destroy();
  });
}

/** Writes the answer straight onto a connection no response object owns (a request Node could not parse, a refused connection). */
export function answerOnSocket(socket: Duplex, error: ApiError): void {
  const body = bodyOf(error);
  const head = Object.entries(answerHeaders(error, body))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  closeAfter(socket, (done) => socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${error.status} ${REASONS[error.status] ?? ''}\r\n${head}\r\n`), body]), done));
}

/** Answers through the request's response object; once its head is out, the stream can only be cut. */
export function answerOnResponse(res: ServerResponse, error: ApiError): void {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  const body = bodyOf(error);
  const socket = res.socket;
  if (socket === null) return;
  closeAfter(socket, (done) => res.writeHead(error.status, answerHeaders(error, body)).end(body, done));
}
