import { request as httpRequest, type Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { writeAnswerHead, trailerPairs } from './answer-head.js';
import { BodyCapture } from './body-capture.js';
import { recordedExchange, type RecordedExchange } from './recorded-exchange.js';

export interface Upstream {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
  /** `host:port` as a Host header would name it. */
  host: string;
  /** The upstream URL's path without its trailing slash, put before each request-target ('' for none). */
  pathPrefix: string;
  agent: Agent;
}

/**
 * Called once per exchange: with what builds its record (so that a failure to record stays the
 * caller's, off the forwarding path), or with nothing when the client went away before its answer
 * was complete.
 */
export type ExchangeDone = (exchange: (() => RecordedExchange) | undefined) => void;

/** Errors of a kept-alive connection the upstream closed while it was idle, before it read the request. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);
/**
 * Kept-alive connections tried in turn for one request before it fails: after a pause the pool
 * may hold several the upstream has closed meanwhile, each of which fails at once; a new
 * connection is not retried.
 */
const STALE_RETRIES = 4;
/** Errors of connecting: the upstream was not reached at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);

interface Answer {
  status: number;
  statusText: string;
  httpVersion: string;
  rawHeaders: readonly string[];
  body: BodyCapture;
}

/**
 * Forwards one request to the upstream and its answer back, both streamed, and tells `done` what
 * happened. The request goes with its method, request-target, header lines and body bytes as
 * received; Node's ClientRequest writes the header lines verbatim when given `rawHeaders`, but, as
 * the hop to the upstream is the proxy's own:
 * - Connection: when the client sent none, Node writes `Connection: keep-alive` on the agent's
 *   connection (the proxy keeps it alive; without the line the upstream would too, under HTTP/1.1);
 * - Transfer-Encoding: a POST, PUT or PATCH with neither Content-Length nor Transfer-Encoding (so
 *   without a body) goes with `Transfer-Encoding: chunked` and an empty body, as Node frames such a
 *   request; its head is written when the request is made, before the proxy could say otherwise.
 * The request always goes as HTTP/1.1, the agent's protocol.
 */
export function forwardExchange(req: IncomingMessage, res: ServerResponse, upstream: Upstream, maxRecordedBodyBytes: number, done: ExchangeDone): void {
  new ForwardedExchange(req, res, upstream, maxRecordedBodyBytes, done).start();
}

/**
 * One exchange's state and handlers. A class rather than closures: under tsx every named closure
 * made per exchange also costs a `__name` call (esbuild's keepNames), which at a thousand
 * exchanges a second is a share of the proxy's time worth saving; listeners stay anonymous arrows.
 */
class ForwardedExchange {
  private readonly startedAt = performance.timeOrigin + performance.now();
  private readonly t0 = performance.now();
  private readonly target: string;
  private readonly requestBody: BodyCapture;
  private upstreamReq: ClientRequest | undefined;
  private sentAt: number | undefined;
  private headersAt: number | undefined;
  private answer: Answer | undefined;
  private settled = false;
  private retries = 0;
  private failure: string | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly upstream: Upstream,
    private readonly maxRecordedBodyBytes: number,
    private readonly done: ExchangeDone,
  ) {
    this.target = req.url ?? '/';
    this.requestBody = new BodyCapture(maxRecordedBodyBytes);
  }

  start(): void {
    const { req, res } = this;
    // Nothing of the proxy's own in the answers: no Date line either.
    res.sendDate = false;
    req.on('data', (chunk: Buffer) => {
      const upstreamReq = this.upstreamReq as ClientRequest;
      if (this.failure !== undefined || upstreamReq.destroyed) return;
      this.requestBody.add(chunk);
      if (!upstreamReq.write(chunk)) req.pause();
    });
    req.on('end', () => {
      const upstreamReq = this.upstreamReq as ClientRequest;
      if (this.failure === undefined && !upstreamReq.writableEnded) upstreamReq.end();
    });
    // A client that breaks off shows on its answer's 'close'.
    req.on('error', () => {});

    // 'finish': the last byte of the answer is handed to the client's socket.
    res.on('finish', () => {
      if (this.answer) this.settle(this.record(this.answer, this.failure));
    });
    res.on('close', () => {
      if (this.settled || res.writableFinished) return;
      // The client went away before its answer was complete: nothing was answered, nothing to record.
      this.settle(undefined);
      this.upstreamReq?.destroy();
    });

    this.send();
  }

  private settle(exchange: (() => RecordedExchange) | undefined): void {
    if (this.settled) return;
    this.settled = true;
    this.done(exchange);
  }

  private record(reached: Answer, proxyFailure?: string): () => RecordedExchange {
    const now = performance.now();
    const { t0, req, target, requestBody, startedAt, upstream } = this;
    const wait = this.headersAt ?? now;
    const sent = Math.min(this.sentAt ?? wait, wait);
    return () =>
      recordedExchange({
        startedAt,
        durationMs: now - t0,
        request: { method: req.method ?? 'GET', target, httpVersion: `HTTP/${req.httpVersion}`, rawHeaders: req.rawHeaders, body: requestBody },
        response: reached,
        timings: { send: sent - t0, wait: wait - sent, receive: now - wait },
        upstreamHost: upstream.host,
        ...(proxyFailure !== undefined && { proxyFailure }),
      });
  }

  private send(): void {
    const { req, upstream, target, requestBody } = this;
    const request = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstreamReq = request({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: absoluteForm(target) ? target : `${upstream.pathPrefix}${target}`,
      headers: req.rawHeaders,
      agent: upstream.agent,
    });
    this.upstreamReq = upstreamReq;
    upstreamReq.on('finish', () => (this.sentAt = performance.now()));
    upstreamReq.on('drain', () => req.resume());
    // An upstream that answered early and closed takes no more of the body: the rest is dropped, so that the client's connection stays usable.
    upstreamReq.on('close', () => req.resume());
    upstreamReq.on('response', (upstreamRes: IncomingMessage) => this.onResponse(upstreamRes));
    upstreamReq.on('error', (error: NodeJS.ErrnoException) => this.onUpstreamError(upstreamReq, error));
    // Sent again after a stale connection: the whole body went with the first attempt and is held.
    if (req.readableEnded) upstreamReq.end(requestBody.forwardedBytes > 0 ? requestBody.bytes() : undefined);
  }

  private onUpstreamError(upstreamReq: ClientRequest, error: NodeJS.ErrnoException): void {
    // After the answer's head, a break shows on the answer (onResponse).
    if (this.answer || this.settled) return;
    const code = error.code ?? error.name;
    // As browsers do, whatever the method: a kept-alive connection reset before any byte of an
    // answer was closed by the upstream while idle, so the request never reached it. Only a request
    // received whole, its body held entire, can be sent again unchanged.
    const reusable = upstreamReq.reusedSocket && STALE_CONNECTION.has(code) && this.req.readableEnded && !this.requestBody.truncated;
    if (reusable && this.retries < STALE_RETRIES) {
      this.retries++;
      this.send();
      return;
    }
    this.failure = UNREACHABLE.has(code) ? `the upstream cannot be reached (${code})` : closedBeforeAnswering(code, this.req.readableEnded);
    this.answerOwn502(this.failure);
  }

  private answerOwn502(reason: string): void {
    const { req, res } = this;
    // The rest of the request body is read and dropped, so that the client's connection stays usable.
    req.resume();
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const body = Buffer.from(JSON.stringify({ status: 502, error: 'Bad Gateway', detail: `recording proxy: ${reason}` }));
    const rawHeaders = ['Content-Type', 'application/json', 'Content-Length', String(body.length)];
    const capture = new BodyCapture(this.maxRecordedBodyBytes);
    capture.add(body);
    this.answer = { status: 502, statusText: 'Bad Gateway', httpVersion: 'HTTP/1.1', rawHeaders, body: capture };
    res.writeHead(502, 'Bad Gateway', rawHeaders);
    res.end(body);
  }

  private onResponse(upstreamRes: IncomingMessage): void {
    const { req, res } = this;
    this.headersAt = performance.now();
    const body = new BodyCapture(this.maxRecordedBodyBytes);
    this.answer = { status: upstreamRes.statusCode ?? 0, statusText: upstreamRes.statusMessage ?? '', httpVersion: `HTTP/${upstreamRes.httpVersion}`, rawHeaders: upstreamRes.rawHeaders, body };
    // A break of the upstream's connection shows as 'close' before the end; the error is that.
    upstreamRes.on('error', () => {});
    upstreamRes.on('close', () => {
      // Not when this answer was given up for the proxy's own (its head could not be forwarded).
      if (upstreamRes.complete || this.settled || this.answer?.body !== body) return;
      const broken = this.answer;
      this.settle(this.record(broken, `the upstream broke off its answer after ${broken.body.forwardedBytes} body bytes`));
      res.destroy();
    });
    if (this.settled || res.destroyed) return;
    try {
      writeAnswerHead(res, upstreamRes, req.httpVersion);
    } catch (error) {
      // A head Node refuses to write (the upstream's parser took it, the writer does not).
      upstreamRes.destroy();
      this.answer = undefined;
      this.failure = `the upstream's answer head cannot be forwarded (${(error as NodeJS.ErrnoException).code ?? 'invalid'})`;
      this.answerOwn502(this.failure);
      return;
    }
    upstreamRes.on('data', (chunk: Buffer) => {
      body.add(chunk);
      if (!res.write(chunk)) upstreamRes.pause();
    });
    res.on('drain', () => upstreamRes.resume());
    upstreamRes.on('end', () => {
      const trailers = trailerPairs(upstreamRes);
      if (trailers.length > 0) res.addTrailers(trailers);
      res.end();
    });
  }
}

/**
 * An upstream that answers before reading the whole body and then closes makes the body's next
 * bytes meet a reset, which can take its answer with it before the proxy reads it (RFC 9112 9.6):
 * the operator is told that the answer may have been the upstream's own refusal.
 */
function closedBeforeAnswering(code: string, bodyForwarded: boolean): string {
  if (bodyForwarded) return `the upstream closed the connection before answering (${code})`;
  return `the upstream closed the connection while the request body was still being forwarded (${code}): an answer it gave before reading the whole body would be lost with the connection`;
}

function absoluteForm(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}
