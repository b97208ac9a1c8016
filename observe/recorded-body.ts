import { isUtf8 } from 'node:buffer';

/**
 * How a recorded body goes into an exchange, from the proxy's capture and from a HAR's base64: as
 * text where it is text, as bytes otherwise, never decoded lossily (a judge that finds `bodyText`
 * may rely on it being the bytes that were sent).
 */

const TEXTUAL_TYPES = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-www-form-urlencoded', 'application/x-ndjson', 'application/ecmascript']);

/** Whether a Content-Type names text: `text/*`, JSON, XML and their `+json`/`+xml` kinds, forms. */
export function isTextualType(contentType: string): boolean {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return essence.startsWith('text/') || TEXTUAL_TYPES.has(essence) || essence.endsWith('+json') || essence.endsWith('+xml');
}

export interface BodyFields {
  bodyText?: string;
  bodyBinary?: Buffer;
}

/**
 * `bodyText` when the body is valid UTF-8 and its type textual (or not given), uncompressed;
 * `bodyBinary` else; neither for no bytes. A body cut at the cap may end inside a character: that
 * incomplete end is left out of the text rather than making the whole body binary.
 */
export function bodyFields(bytes: Buffer, truncated: boolean, contentType: string | undefined, contentEncoding: string | undefined): BodyFields {
  if (bytes.length === 0) return {};
  const encoded = contentEncoding !== undefined && contentEncoding.trim().toLowerCase() !== 'identity' && contentEncoding.trim() !== '';
  if (encoded || (contentType !== undefined && !isTextualType(contentType))) return { bodyBinary: bytes };
  const text = truncated ? bytes.subarray(0, completeLength(bytes)) : bytes;
  // toString keeps a byte order mark as the character it is: the text stays the bytes sent.
  return isUtf8(text) ? { bodyText: text.toString('utf8') } : { bodyBinary: bytes };
}

/** The length of `bytes` without a UTF-8 sequence its end cuts short. */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needed > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}
