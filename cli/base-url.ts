import { UsageError } from './command-line/usage.js';

/** `--base-url` of a run and of init: an http(s) API base, kept without a trailing slash. */
export function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url '${value}' is not a URL. Fix: give the API base, e.g. http://127.0.0.1:8080/api/v2`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new UsageError(`--base-url must be http(s), got ${url.protocol}`);
  return value.replace(/\/+$/, '');
}
