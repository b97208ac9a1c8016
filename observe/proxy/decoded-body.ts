import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * A captured body decoded of its Content-Encoding where that is gzip, deflate or br. A target may
 * compress its answers for any client that accepts it, and nearly every client says it does
 * (browsers, fetch, curl --compressed): the proxy forwards the bytes as they came and records them
 * decoded, as a HAR holds a body ("HTTP decoded"), so that the judges read the answer, and the
 * credentials in it can be replaced. A coding it does not know, or bytes that are not what their
 * coding says, stay as they came (bytes the judges do not read as text).
 */
export interface DecodedBody {
  bytes: Buffer;
  /** Cut: the capture was cut at the cap, or the body decodes to more than the cap (a small body may decode to a huge one). */
  truncated: boolean;
  /** The codings still on `bytes`: none once decoded. */
  contentEncoding: string | undefined;
}

type Decode = (bytes: Buffer, cap: number) => Buffer;

/** A capture cut at the cap ends mid-stream: what decodes of it is kept, not refused. */
const zlibOptions = (cap: number) => ({ maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });

const DECODERS = new Map<string, Decode>([
  ['gzip', (bytes, cap) => gunzipSync(bytes, zlibOptions(cap))],
  ['x-gzip', (bytes, cap) => gunzipSync(bytes, zlibOptions(cap))],
  // "deflate" is the zlib format (RFC 9110 8.4.1.2); some servers send the raw stream under its name.
  [
    'deflate',
    (bytes, cap) => {
      try {
        return inflateSync(bytes, zlibOptions(cap));
      } catch (error) {
        if (isTooLarge(error)) throw error;
        return inflateRawSync(bytes, zlibOptions(cap));
      }
    },
  ],
  ['br', (bytes, cap) => brotliDecompressSync(bytes, { maxOutputLength: cap, finishFlush: constants.BROTLI_OPERATION_FLUSH })],
]);

const isTooLarge = (error: unknown) => error instanceof RangeError || (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_BUFFER_TOO_LARGE';

/** `bytes` (a capture of at most `cap` bytes, `truncated` when cut there) decoded of `contentEncoding`, the codings undone from the last applied. */
export function decodedBody(bytes: Buffer, truncated: boolean, contentEncoding: string | undefined, cap: number): DecodedBody {
  if (contentEncoding === undefined) return { bytes, truncated, contentEncoding };
  const codings = contentEncoding.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return { bytes, truncated, contentEncoding: undefined };
  const asCame = { bytes, truncated, contentEncoding };
  if (bytes.length === 0) return asCame;
  let decoded = bytes;
  for (let i = codings.length - 1; i >= 0; i--) {
    const decode = DECODERS.get(codings[i] as string);
    if (decode === undefined) return asCame;
    try {
      decoded = decode(decoded, cap);
    } catch (error) {
      // Beyond the cap nothing of it is kept: the body is one cut short, as a capture beyond it is.
      return isTooLarge(error) ? { bytes, truncated: true, contentEncoding } : asCame;
    }
  }
  return { bytes: decoded, truncated, contentEncoding: undefined };
}
