import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { systemClock, type Clock } from '../clock.js';
import { parseHostLiteral } from './host-literal.js';
import { classifyAddress, formatIPv4, formatIPv6, isLoopback, parseAddress, type AddressFamily } from './ip-policy.js';

/**
 * The webhook transport: one POST, guarded against SSRF, that never throws.
 *
 * - Scheme http or https only; no credentials in the URL.
 * - IP-literal hosts (any notation, see host-literal.ts) are judged before anything connects.
 * - Names are resolved by the injected resolver inside the socket's `lookup`, and every answer
 *   must pass the policy (not only the first), so the address that was checked is the address
 *   the socket connects to: there is no separate pre-check whose answer a rebinding DNS server
 *   could change before the connection. `net` skips `lookup` for IP hosts, which is why
 *   literals are judged up front and then passed in normalized form.
 * - No redirects: node:http never follows them, and any 3xx is reported as a failure.
 * - One deadline (default 5 s) covers lookup, connect, TLS, response head and body.
 * - The response body is read to at most `maxBodyBytes` (default 64 KiB), then the connection
 *   is dropped. The body is discarded; only its size is reported.
 * - A fresh connection per delivery (`agent: false`, `Connection: close`); no pooling, so no
 *   reuse of a connection vetted for another host.
 * - `allowLoopback` (default false) admits 127.0.0.0/8 and ::1 only, for local testing; every
 *   other refused range stays refused (also mapped spellings such as ::ffff:127.0.0.1).
 *
 * Outcome: `delivered` is true exactly for a 2xx status. The status decides; a 2xx whose body
 * is cut off (size cap, deadline, reset) still counts as delivered, with `bodyTruncated`.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all of its addresses (the production default uses getaddrinfo). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family }));

export interface GuardedFetchOptions {
  resolve?: Resolver;
  /** Whole-delivery deadline. Default 5000 ms. */
  timeoutMs?: number;
  /** Response bytes read before the connection is dropped. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Admit loopback (127.0.0.0/8, ::1) for local testing. Default false. */
  allowLoopback?: boolean;
  clock?: Pick<Clock, 'monotonicMs'>;
  userAgent?: string;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  /** Serialized JSON. */
  body: string;
}

export interface DeliveryOutcome {
  /** True exactly when the target answered 2xx. */
  delivered: boolean;
  status?: number;
  error?: string;
  durationMs: number;
  /** The peer address the socket was connected to (always an address that passed the policy). */
  address?: string;
  /** Response body bytes received before the connection ended or was dropped. */
  bodyBytes?: number;
  /** The body was not read to its end (size cap, deadline or connection loss). */
  bodyTruncated?: boolean;
}

export type WebhookSend = (request: WebhookRequest) => Promise<DeliveryOutcome>;

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export class AddressRefusedError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

interface CheckedAddress {
  address: string;
  family: AddressFamily;
}

/** Why an address may not be connected to, or undefined when it may. */
function refusal(address: string, allowLoopback: boolean): string | undefined {
  const verdict = classifyAddress(address);
  if (verdict.public) return undefined;
  if (allowLoopback && isLoopback(address)) return undefined;
  return verdict.reason ?? 'not public unicast';
}

/** Validates and normalizes one address; the normalized text is what gets connected. */
function checked(host: string, address: string, allowLoopback: boolean): CheckedAddress {
  const parsed = parseAddress(address);
  const reason = parsed ? refusal(address, allowLoopback) : `not an IP address: ${JSON.stringify(address)}`;
  if (!parsed || reason !== undefined) throw new AddressRefusedError(`${host} -> ${address} refused: ${reason}`);
  return { address: parsed.family === 4 ? formatIPv4(parsed.value) : formatIPv6(parsed.value), family: parsed.family };
}

/** Resolves `host` (or reads it as a literal) and returns its addresses only if all pass. */
export async function resolveChecked(host: string, resolve: Resolver, allowLoopback: boolean): Promise<CheckedAddress[]> {
  const literal = parseHostLiteral(host);
  if (literal.kind === 'invalid') throw new AddressRefusedError(`${host} refused: ${literal.reason}`);
  if (literal.kind !== 'name') return [checked(host, literal.address, allowLoopback)];
  const answers = await resolve(host);
  if (!Array.isArray(answers) || answers.length === 0) {
    throw Object.assign(new Error(`${host}: no addresses`), { code: 'ENOTFOUND' });
  }
  // Every answer must pass: the connection may try any of them (happy eyeballs, fallbacks).
  return answers.map((answer) => checked(host, String(answer?.address), allowLoopback));
}

function familyOf(option: number | 'IPv4' | 'IPv6' | undefined): AddressFamily | undefined {
  if (option === 4 || option === 'IPv4') return 4;
  if (option === 6 || option === 'IPv6') return 6;
  return undefined;
}

/**
 * A `net` lookup that resolves through `resolve` and hands the socket only checked addresses.
 * Errors reach the socket as connection errors; nothing is connected then.
 */
export function createGuardedLookup(
  resolve: Resolver,
  allowLoopback = false,
  onChecked?: (host: string, addresses: CheckedAddress[]) => void,
): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, resolve, allowLoopback)
      .then((addresses) => {
        onChecked?.(hostname, addresses);
        const wanted = familyOf(options.family);
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        const first = usable[0];
        if (!first) throw Object.assign(new Error(`${hostname}: no IPv${wanted} address`), { code: 'ENOTFOUND' });
        return { usable, first };
      })
      .then(
        ({ usable, first }) => {
          // Outside the promise chain, so a throw in the socket code is not taken for a lookup error.
          process.nextTick(() => {
            if (options.all) callback(null, usable.map(({ address, family }) => ({ address, family })));
            else callback(null, first.address, first.family);
          });
        },
        (error: unknown) => {
          const err = error instanceof Error ? error : new Error(String(error));
          process.nextTick(() => callback(err as NodeJS.ErrnoException, options.all ? [] : '', 0));
        },
      );
  };
}

interface Target {
  url: URL;
  module: typeof http | typeof https;
  /** What the socket is given: the normalized literal, or the name for the guarded lookup. */
  connectHost: string;
  port: number;
}

function prepareTarget(raw: string, allowLoopback: boolean): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefusedError('invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefusedError(`scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new AddressRefusedError('credentials in the URL are refused');
  const literal = parseHostLiteral(url.hostname);
  if (literal.kind === 'invalid') throw new AddressRefusedError(`${url.hostname} refused: ${literal.reason}`);
  const connectHost = literal.kind === 'name' ? url.hostname : checked(url.hostname, literal.address, allowLoopback).address;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { url, module: url.protocol === 'https:' ? https : http, connectHost, port };
}

const CONTROLLED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export function createGuardedFetch(options: GuardedFetchOptions = {}): WebhookSend {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const allowLoopback = options.allowLoopback ?? false;
  const clock = options.clock ?? systemClock;
  const userAgent = options.userAgent ?? 'cpf-reference-server-webhook/2';
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw new RangeError('timeoutMs must be a positive number');
  if (!(maxBodyBytes >= 0) || !Number.isFinite(maxBodyBytes)) throw new RangeError('maxBodyBytes must be >= 0');
  const lookup = createGuardedLookup(resolve, allowLoopback);

  return async (request) => {
    const started = clock.monotonicMs();
    const durationMs = () => Math.max(0, Math.round(clock.monotonicMs() - started));
    try {
      const target = prepareTarget(request.url, allowLoopback);
      return await post(target, request, durationMs);
    } catch (error) {
      return { delivered: false, error: messageOf(error), durationMs: durationMs() };
    }
  };

  function post(target: Target, request: WebhookRequest, durationMs: () => number): Promise<DeliveryOutcome> {
    return new Promise<DeliveryOutcome>((settle) => {
      const headers: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!CONTROLLED_HEADERS.has(name.toLowerCase())) headers[name] = value;
      }
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent')) headers['User-Agent'] = userAgent;
      headers['Host'] = target.url.host;
      headers['Content-Length'] = Buffer.byteLength(request.body);
      headers['Connection'] = 'close';

      let done = false;
      let status: number | undefined;
      let address: string | undefined;
      let bodyBytes = 0;

      const req = target.module.request({
        method: 'POST',
        protocol: target.url.protocol,
        hostname: target.connectHost,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        headers,
        agent: false,
        lookup,
      });

      const finish = (outcome: Omit<DeliveryOutcome, 'durationMs'>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        // Always drop the connection: nothing more is read, and nothing is reused.
        req.destroy();
        settle({ ...outcome, ...(address ? { address } : {}), durationMs: durationMs() });
      };
      /** After the status line: the status decides, the body only adds detail. */
      const finishWithStatus = (bodyTruncated: boolean) => {
        const code = status ?? 0;
        const delivered = code >= 200 && code < 300;
        finish({
          delivered,
          status: code,
          bodyBytes,
          ...(bodyTruncated ? { bodyTruncated: true } : {}),
          ...(delivered ? {} : { error: `HTTP ${code}` }),
        });
      };
      const fail = (error: unknown) => {
        if (status !== undefined) finishWithStatus(true);
        else finish({ delivered: false, error: messageOf(error) });
      };

      const timer = setTimeout(() => fail(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);

      req.on('socket', (socket) => {
        socket.once('connect', () => {
          address = socket.remoteAddress;
        });
      });
      req.on('error', fail);
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        address = res.socket.remoteAddress ?? address;
        res.on('error', () => finishWithStatus(true));
        if (status >= 300 && status < 400) {
          finish({ delivered: false, status, error: `redirect ${status} refused (not followed)` });
          return;
        }
        res.on('data', (chunk: Buffer) => {
          bodyBytes += chunk.length;
          if (bodyBytes > maxBodyBytes) finishWithStatus(true);
        });
        res.on('end', () => finishWithStatus(false));
        res.on('close', () => finishWithStatus(!res.complete));
      });
      req.end(request.body);
    });
  }
}
