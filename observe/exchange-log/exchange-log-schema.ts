import { z } from 'zod';
import type { ObservedRequest, ObservedResponse } from '../exchange.js';
import type { RecordedExchange } from '../proxy/recorded-exchange.js';

/**
 * The kit's exchange log: JSON Lines, a header line first, then one exchange per line as the
 * passive judge reads it (`ObservedExchange`, with the recording proxy's `bodyTruncated`), each
 * body either `bodyText` as it is or `bodyBase64`, the bytes of one that is not text. `source`
 * and `index` are written as the recorder gave them; a reader replaces them by the log's path and
 * the record's position in it. Credentials are never in it: records come from
 * `withoutCredentials`, and the writer refuses one that still carries an Authorization credential.
 */
export const EXCHANGE_LOG_VERSION = 1;

export const exchangeLogHeaderSchema = z.object({
  cpfExchangeLog: z.literal(EXCHANGE_LOG_VERSION),
  recordedBy: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
});

export type ExchangeLogHeader = z.output<typeof exchangeLogHeaderSchema>;

const headerField = z.object({ name: z.string(), value: z.string() });
const milliseconds = z.number().nonnegative();
const bodyBase64 = z.base64().transform((text) => Buffer.from(text, 'base64'));
const oneBody = (message: { bodyText?: string | undefined; bodyBase64?: Buffer | undefined }) => message.bodyText === undefined || message.bodyBase64 === undefined;
const ONE_BODY = { message: 'both bodyText and bodyBase64: a body is one or the other' };

const request = z
  .object({
    method: z.string().min(1),
    url: z.string().min(1),
    httpVersion: z.string(),
    headers: z.array(headerField),
    bodyText: z.string().optional(),
    bodyBase64: bodyBase64.optional(),
    bodyMimeType: z.string().optional(),
  })
  .refine(oneBody, ONE_BODY);

const response = z
  .object({
    status: z.number().int().min(0).max(999),
    statusText: z.string(),
    httpVersion: z.string(),
    headers: z.array(headerField),
    mimeType: z.string(),
    bodySize: z.number().int().min(-1),
    bodyText: z.string().optional(),
    bodyBase64: bodyBase64.optional(),
  })
  .refine(oneBody, ONE_BODY);

/** One record line; what it gives lacks only `source` and `index`, which the reader sets. */
export const exchangeLogRecordSchema = z.object({
  source: z.string().optional(),
  index: z.number().int().nonnegative().optional(),
  startedAt: z.number(),
  durationMs: milliseconds,
  request,
  response,
  timings: z
    .object({ blocked: milliseconds, dns: milliseconds, connect: milliseconds, ssl: milliseconds, send: milliseconds, wait: milliseconds, receive: milliseconds })
    .partial()
    .optional(),
  customer: z
    .string()
    .regex(/^customer:[0-9a-f]{16}$/)
    .optional(),
  token: z.object({ jwtShaped: z.boolean(), echoedInAnswer: z.boolean() }).optional(),
  proxyFailure: z.string().optional(),
  bodyTruncated: z.object({ request: z.literal(true).optional(), response: z.literal(true).optional() }).optional(),
});

export type ExchangeLogRecord = z.output<typeof exchangeLogRecordSchema>;

/** The JSON value of a record line: bytes as base64, everything else as the exchange has it. */
export function logRecord(exchange: RecordedExchange): Record<string, unknown> {
  const { request, response, ...rest } = exchange;
  return { ...rest, request: withBase64(request), response: withBase64(response) };
}

function withBase64<T extends { bodyBinary?: Buffer }>(message: T): Omit<T, 'bodyBinary'> & { bodyBase64?: string } {
  const { bodyBinary, ...rest } = message;
  return bodyBinary ? { ...rest, bodyBase64: bodyBinary.toString('base64') } : rest;
}

/** A validated record as an exchange of `source` at `index`. */
export function exchangeOfRecord(source: string, index: number, record: ExchangeLogRecord): RecordedExchange {
  const { request, response, timings, customer, token, proxyFailure, bodyTruncated } = record;
  // Field by field rather than with spreads, as every record passes here; in the order the log is written in.
  const observedRequest: ObservedRequest = { method: request.method, url: request.url, httpVersion: request.httpVersion, headers: request.headers };
  setBody(observedRequest, request);
  if (request.bodyMimeType !== undefined) observedRequest.bodyMimeType = request.bodyMimeType;
  const observedResponse: ObservedResponse = {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers: response.headers,
    mimeType: response.mimeType,
    bodySize: response.bodySize,
  };
  setBody(observedResponse, response);
  const exchange: RecordedExchange = { source, index, startedAt: record.startedAt, durationMs: record.durationMs, request: observedRequest, response: observedResponse };
  if (timings) exchange.timings = timings;
  if (customer !== undefined) exchange.customer = customer;
  if (token) exchange.token = token;
  if (proxyFailure !== undefined) exchange.proxyFailure = proxyFailure;
  if (bodyTruncated) exchange.bodyTruncated = bodyTruncated;
  return exchange;
}

function setBody(message: ObservedRequest | ObservedResponse, record: { bodyText?: string | undefined; bodyBase64?: Buffer | undefined }): void {
  if (record.bodyText !== undefined) message.bodyText = record.bodyText;
  else if (record.bodyBase64) message.bodyBinary = record.bodyBase64;
}

/** Where and why a line failed the schema: the first issue, by path, never with the value. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(record)'}: ${issue.message}` : 'invalid';
}
