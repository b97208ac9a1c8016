import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AppDeps } from '../src/app.js';
import type { WebhookRequest, WebhookSend } from '../src/webhook/guarded-fetch.js';
import { captureSender } from '../src/webhook/capture-sender.js';
import type { Json } from './json-shapes.js';

/**
 * The webhook sender of a faulted server: its transport wrapped (payload, headers, document of a
 * delivery changed on the wire) or replaced by a plain one without the address guard, delivering
 * to the capture like the real sender.
 */

export function withTransport(deps: AppDeps, wrap: (send: WebhookSend) => WebhookSend, options: { allowLoopback?: boolean } = {}): AppDeps {
  return { ...deps, webhook: captureSender(deps, wrap, options) };
}

/** Changes the payload on the wire (the body is serialized JSON). */
export function payloadRewrite(fn: (payload: Json) => Json): (send: WebhookSend) => WebhookSend {
  return (send) => (request) => send({ ...request, body: JSON.stringify(fn(JSON.parse(request.body) as Json)) });
}

/** Changes the delivery headers. */
export function headersRewrite(fn: (headers: Record<string, string>, request: WebhookRequest) => Record<string, string>): (send: WebhookSend) => WebhookSend {
  return (send) => (request) => send({ ...request, headers: fn({ ...request.headers }, request) });
}

export function documentRewrite(fn: (document: Json) => Json): (send: WebhookSend) => WebhookSend {
  return payloadRewrite((p) => ({ ...p, document: fn({ ...(p.document as Json) }) }));
}

/**
 * A plain node:http(s) transport without the address guard: method configurable, and it follows
 * redirects (re-posting to the Location) when asked; names are resolved by `lookup` when given.
 * nock sees these requests like the real sender's.
 */
export function plainTransport(options: { method?: string; followRedirects?: boolean; lookup?: LookupFunction } = {}): WebhookSend {
  const once = (url: URL, method: string, headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const settings = { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: 5_000, ...(options.lookup ? { lookup: options.lookup } : {}) };
      const req = (url.protocol === 'https:' ? https : http).request(url, settings, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout after 5000 ms')));
      req.on('error', reject);
      req.end(body);
    });
  return async (request) => {
    const started = performance.now();
    try {
      let url = new URL(request.url);
      for (let hops = 0; ; hops++) {
        const res = await once(url, options.method ?? 'POST', request.headers, request.body);
        if (options.followRedirects && res.status >= 300 && res.status < 400 && res.location && hops < 5) {
          url = new URL(res.location, url);
          continue;
        }
        return { delivered: res.status >= 200 && res.status < 300, status: res.status, durationMs: performance.now() - started };
      }
    } catch (error) {
      return { delivered: false, error: String(error), durationMs: performance.now() - started };
    }
  };
}

