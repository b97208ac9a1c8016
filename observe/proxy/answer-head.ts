import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The upstream's status line and header lines, written to the client as the upstream wrote them:
 * names with their case, order and duplicates, the status message, nothing added.
 *
 * Node's ServerResponse adds headers of its own unless told not to: a Date, a Connection (with a
 * Keep-Alive) when the head has none, and Content-Length or Transfer-Encoding when it has neither.
 * Removing them before the head is written stops that; a header the upstream sent is still
 * forwarded and still decides the framing (Node chunks again after a `Transfer-Encoding: chunked`,
 * ends the connection after a `Connection: close`, and an answer with neither Content-Length nor
 * Transfer-Encoding ends, as the upstream's did, by closing the connection).
 *
 * Left to Node, where forwarding them verbatim would break the framing: towards an HTTP/1.0 client,
 * the upstream's Connection, Keep-Alive, Transfer-Encoding and Trailer lines. They describe the
 * proxy's HTTP/1.1 hop to the upstream; a 1.0 client cannot read chunks, so its body goes
 * unchunked and ends with the connection, and Node writes the Connection line its hop needs (as
 * the upstream itself does for a 1.0 client). The proxy's own hop to the upstream has the same
 * kind of exceptions in the other direction (see forward-exchange.ts).
 */
export function writeAnswerHead(res: ServerResponse, upstream: IncomingMessage, clientHttpVersion: string): void {
  const http10 = clientHttpVersion === '1.0';
  for (const name of http10 ? ['Date', 'Content-Length', 'Transfer-Encoding'] : ['Date', 'Connection', 'Content-Length', 'Transfer-Encoding']) res.removeHeader(name);
  res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage ?? '', http10 ? withoutHopHeaders(upstream.rawHeaders) : upstream.rawHeaders);
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'trailer']);

function withoutHopHeaders(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!HOP_HEADERS.has((rawHeaders[i] as string).toLowerCase())) kept.push(rawHeaders[i] as string, rawHeaders[i + 1] as string);
  return kept;
}

export function trailerPairs(upstream: IncomingMessage): [string, string][] {
  const raw = upstream.rawTrailers;
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs;
}
