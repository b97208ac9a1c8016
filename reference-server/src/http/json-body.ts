import type { Request, RequestHandler } from 'express';
import { errors, type JsonAmbiguity } from './api-error.js';
import { JsonTextError, parseStrictJson } from './strict-json.js';

export const MAX_BODY_BYTES = 65536;

/**
 * A body above the limit but within this many bytes is read to its end before the 413 goes out.
 * Answered at once, with the connection closed, the rest of the body would meet a closed socket,
 * whose reset can take the answer with it before the client (or a gateway still forwarding the
 * body) reads it: RFC 9112 9.6. Beyond this, the answer goes at once and the connection is closed.
 */
export const DRAINED_BEFORE_413_BYTES = 1024 * 1024;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The WHATWG Encoding labels of UTF-8: JSON is UTF-8 (RFC 8259 8.1), any other charset would be misread. */
const UTF8_LABELS: ReadonlySet<string> = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8']);

function isJsonContentType(req: Request): boolean {
  const [type, ...parameters] = (req.headers['content-type'] ?? '').split(';');
  if (type?.trim().toLowerCase() !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim().toLowerCase());
    return name !== 'charset' || UTF8_LABELS.has(value.replace(/^"(.*)"$/, '$1'));
  });
}

/**
 * Strict UTF-8: invalid sequences (`FF FE`, overlong `C0 AF`, surrogates `ED A0 80`) throw instead
 * of becoming U+FFFD, so they are malformed JSON rather than stored replacement characters. A BOM
 * is kept, so JSON.parse refuses it as before.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function ambiguityOf({ problem }: JsonTextError): JsonAmbiguity | undefined {
  if (problem.kind === 'duplicate-member') return { duplicateMember: problem.name };
  return problem.kind === 'lone-surrogate' ? 'loneSurrogate' : undefined;
}

/**
 * Reads write bodies itself instead of express.json(): the spec distinguishes 413 (size, also
 * when Content-Length lies or is absent), 415 (type) and 400 (syntax; also duplicate member names
 * and lone surrogates, which parsers read differently: strict-json.ts), and an omitted body
 * must stay distinguishable from `{}`. `req.body` is `undefined` when no body was sent.
 */
export function jsonBody(): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const tooLargeToRead = () => {
      res.setHeader('Connection', 'close');
      next(errors.payloadTooLarge());
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DRAINED_BEFORE_413_BYTES) {
      req.resume();
      return tooLargeToRead();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    req.on('data', (chunk: Buffer) => {
      if (answered) return;
      size += chunk.length;
      if (size > DRAINED_BEFORE_413_BYTES) {
        answered = true;
        tooLargeToRead();
      } else if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('error', (err) => {
      if (!answered) {
        answered = true;
        next(err);
      }
    });
    req.on('end', () => {
      if (answered) return;
      if (size > MAX_BODY_BYTES) return next(errors.payloadTooLarge());
      if (size === 0) {
        req.body = undefined;
        return next();
      }
      if (!isJsonContentType(req)) return next(errors.unsupportedMediaType());
      try {
        req.body = parseStrictJson(utf8.decode(Buffer.concat(chunks, size)));
      } catch (error) {
        return next(errors.malformedJson(error instanceof JsonTextError ? ambiguityOf(error) : undefined));
      }
      next();
    });
  };
}

/** For endpoints whose body is required: an omitted body is 415 without the JSON type, else 422. */
export function requiredBody(req: Request): unknown {
  if (req.body === undefined) {
    if (!isJsonContentType(req)) throw errors.unsupportedMediaType();
    throw errors.validation('Der Anfrageinhalt fehlt.');
  }
  return req.body;
}
