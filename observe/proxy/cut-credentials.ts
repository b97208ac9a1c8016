/**
 * A body recorded up to the cap may end inside a credential of its request (an answer that
 * echoes the token exactly at the cut). `withoutCredentials` replaces whole tokens only, so the
 * start of a token there would stay in the record: the recorded body is shortened by it.
 */

const SCHEME_AND_CREDENTIALS = /^\S+\s+(\S[\s\S]*)$/;
const QUERY_TOKEN = /[?&](?:access_)?token=([^&#]+)/gi;

/** The credentials a request carries: those of its Authorization headers and its token query parameters, as sent and percent-decoded. */
export function requestCredentials(rawHeaders: readonly string[], target: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() !== 'authorization') continue;
    const value = rawHeaders[i + 1] as string;
    found.push(SCHEME_AND_CREDENTIALS.exec(value)?.[1] ?? value);
  }
  for (const [, value] of target.matchAll(QUERY_TOKEN)) {
    found.push(value as string);
    try {
      found.push(decodeURIComponent(value as string));
    } catch {
      // Not percent-encoded UTF-8: the value as sent is the credential.
    }
  }
  return [...new Set(found)].filter((c) => c.length > 0);
}

/** `body` without an end that is the start of one of `credentials`. */
export function withoutCutCredential(body: Buffer, credentials: readonly string[]): Buffer {
  let keep = body.length;
  for (const credential of credentials) {
    const bytes = Buffer.from(credential);
    for (let k = Math.min(bytes.length - 1, keep); k > 0; k--) {
      if (body.subarray(keep - k, keep).equals(bytes.subarray(0, k))) {
        keep -= k;
        break;
      }
    }
  }
  return keep === body.length ? body : body.subarray(0, keep);
}
