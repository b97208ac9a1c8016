/**
 * The existence oracles besides time, judged on the probe's pairs: what in the answers' headers
 * and statuses tells a foreign resource from a never-existing one. A header value is an oracle
 * only when the two arms never share it: values that vary between any two answers anyway (a
 * date, a request id) then overlap and prove nothing.
 */
import { bothNotFound, REQUESTS_PER_ARM, type ArmAnswer, type Pair } from './pair.js';

interface Observable {
  name: string;
  of: (answer: ArmAnswer) => string;
}

const header = (answer: ArmAnswer, name: string): string | undefined => answer.headers[name];
const presence = (name: string): Observable => ({ name: `${name} present`, of: (a) => (header(a, name) === undefined ? 'no' : 'yes') });

const OBSERVABLES: readonly Observable[] = [
  { name: 'header names in order', of: (a) => Object.keys(a.headers).map((n) => n.toLowerCase()).join(' ') },
  { name: 'content-length', of: (a) => header(a, 'content-length') ?? '(none)' },
  presence('etag'),
  { name: 'vary', of: (a) => (header(a, 'vary') ?? '(none)').toLowerCase().split(',').map((v) => v.trim()).join(', ') },
  presence('set-cookie'),
];

const quoted = (values: ReadonlySet<string>): string => [...values].map((v) => `"${v}"`).join(' or ');

/** Every header observable whose values the foreign and the never-existing answers (both 404) never share. */
export function headerLeaks(pairs: readonly Pair[]): string[] {
  const judged = pairs.filter(bothNotFound);
  if (judged.length === 0) return [];
  return OBSERVABLES.flatMap(({ name, of }) => {
    const foreign = new Set(judged.flatMap((p) => p.foreign.map(of)));
    const missing = new Set(judged.flatMap((p) => p.missing.map(of)));
    if ([...foreign].some((v) => missing.has(v))) return [];
    return [`${name}: ${quoted(foreign)} for the foreign resource, ${quoted(missing)} for the never-existing one (${judged.length} pairs)`];
  });
}

/**
 * A 429 on one arm only is an oracle (a limit bucket per existing resource): the pacer keeps the
 * customer within its limit, so every 429 here is the target's. 429s on both arms are the
 * customer's limit, which the rate-limit rules judge.
 */
export function throttleLeak(pairs: readonly Pair[]): { leak?: string; both?: string } {
  const throttled = (arm: 'foreign' | 'missing') => pairs.flatMap((p) => p[arm]).filter((a) => a.status === 429).length;
  const [foreign, missing] = [throttled('foreign'), throttled('missing')];
  if (foreign === 0 && missing === 0) return {};
  const each = pairs.length * REQUESTS_PER_ARM;
  const counts = `429 to ${foreign} of ${each} requests for the foreign resource and to ${missing} of ${each} for the never-existing one`;
  if (foreign > 0 && missing > 0) return { both: counts };
  return { leak: counts };
}

/** The answer of the pair that no rule of the probe judges (neither 404 nor 429), with the arm it came on. */
export function unjudgedAnswer(pair: Pair): { arm: 'foreign' | 'missing'; status: number } | undefined {
  for (const arm of ['foreign', 'missing'] as const) {
    const odd = pair[arm].find((a) => a.status !== 404 && a.status !== 429);
    if (odd) return { arm, status: odd.status };
  }
  return undefined;
}
