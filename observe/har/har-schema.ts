import { z } from 'zod';

/**
 * One element of a HAR 1.2 `log.entries`, as far as the judge reads it. HAR writers differ
 * (Chromium, Firefox, Playwright, mitmproxy, proxies): fields the judge does not need are not
 * checked, and fields some writers leave out although the format requires them (a status text,
 * a content type, a body size) get the format's "unknown" value instead of failing the entry.
 * Writers' own fields (`_initiator`, `_resourceType`, `cache`, cookies) are dropped.
 */

/**
 * A recorded start: milliseconds since the epoch (fractions of a millisecond kept: mitmproxy writes
 * microseconds), and the unit of its stamp's last digit where coarser than a millisecond
 * (`ObservedExchange.startUnitMs`).
 */
export interface RecordedStart {
  ms: number;
  unitMs: number | undefined;
}

/** The start an ISO 8601 date and time with a zone names; undefined if it is not one. */
export function recordedStart(iso: string): RecordedStart | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/.exec(iso);
  if (!m) return undefined;
  const toSecond = m[1] as string;
  const whole = wholeMs(toSecond, m[3] as string);
  if (Number.isNaN(whole)) return undefined;
  const digits = m[2] ?? '';
  // Whole milliseconds are added as an integer, so the common three digits come out exact.
  const fraction = digits.padEnd(3, '0');
  const ms = whole + Number(fraction.slice(0, 3)) + (fraction.length > 3 ? Number(`0.${fraction.slice(3)}`) : 0);
  return { ms, unitMs: toSecond.length === TO_THE_MINUTE ? MINUTE_MS : digits.length < 3 ? 1000 / 10 ** digits.length : undefined };
}

/** The length of `YYYY-MM-DDThh:mm`: a stamp without seconds. */
const TO_THE_MINUTE = 16;
const MINUTE_MS = 60_000;

/**
 * `Date.parse` of the date and time to the second with its zone, the one asked last remembered:
 * a recording's entries start within the same second by the dozen, and `Date.parse` took half of
 * what reading a start costs.
 */
function wholeMs(toSecond: string, zone: string): number {
  if (toSecond === lastWhole.toSecond && zone === lastWhole.zone) return lastWhole.ms;
  const ms = Date.parse(`${toSecond}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
  lastWhole = { toSecond, zone, ms };
  return ms;
}

let lastWhole = { toSecond: '', zone: '', ms: Number.NaN };

const header = z.object({ name: z.string(), value: z.string() });

const startedDateTime = z.string().transform((value, ctx) => {
  const start = recordedStart(value);
  if (start !== undefined) return start;
  // The message leaves the value out: the reader's messages never carry what was recorded.
  ctx.addIssue({ code: 'custom', message: 'not an ISO 8601 date and time with a time zone' });
  return z.NEVER;
});

/** `base64` for bytes that are not text; absent (or empty, as some writers put it) for text. */
const encoding = z.enum(['base64', '']).optional();
/**
 * A request's `bodySize` and a content's `size` ("length of the returned content in bytes",
 * decoded): what the reader tells a body recorded in part by; anything but a number is unknown
 * (-1), never a reason to skip the entry.
 */
const size = z.number().catch(-1);
/** Playwright's `content: 'attach'` (the default of a .zip): the body in a file of its own, named here, beside the HAR. */
const attachment = z.string().optional();

export const harEntrySchema = z.object({
  /** Chromium's mark of an entry served from its memory or disk cache: the request never reached the target. */
  _fromCache: z.string().optional(),
  startedDateTime,
  time: z.number().nonnegative(),
  request: z.object({
    method: z.string().min(1),
    url: z.string().min(1),
    httpVersion: z.string().default(''),
    headers: z.array(header),
    bodySize: size,
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional(), encoding, _file: attachment }).optional(),
  }),
  response: z.object({
    // 0 (browsers) or -1 (Playwright, beside its `_failureText`): no answer, the request failed, was blocked or cancelled.
    status: z.number().int().min(-1).max(999),
    statusText: z.string().default(''),
    httpVersion: z.string().default(''),
    headers: z.array(header),
    content: z.object({ size, mimeType: z.string().default(''), text: z.string().optional(), encoding, _file: attachment }),
    bodySize: z.number().default(-1),
  }),
  timings: z
    .object({
      blocked: z.number().optional(),
      dns: z.number().optional(),
      connect: z.number().optional(),
      ssl: z.number().optional(),
      send: z.number().optional(),
      wait: z.number().optional(),
      receive: z.number().optional(),
    })
    .optional(),
});

export type HarEntry = z.output<typeof harEntrySchema>;

/** Where and why an entry failed the schema: the first issue, by path, never with the value. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(entry)'}: ${issue.message}` : 'invalid';
}
