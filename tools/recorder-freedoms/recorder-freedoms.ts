import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { observeAll, type Observation, type RuleObservation } from '../../observe/judge/observer.js';
import { JUDGES } from '../../observe/judges/index.js';
import type { WrittenHarEntry } from '../../observe/har/har-entry-of.js';
import { readHar } from '../../observe/har/read-har.js';

/**
 * What HAR 1.2 and the recorders that write it leave free: the same traffic as one recorder or
 * another writes it. The judge reads every such file of a recording alike: where the file keeps all
 * the judge reads (`keepsAll`), every rule's observation is the same; where it keeps less (no
 * bodies, a body's start, starts to the hundredth or the second) or hands the exchanges over in another order, no rule
 * fails that the full recording does not fail (one it fails may fail more or less often). A
 * freedom the judge read otherwise would charge the target with the recorder's choice.
 * `npm run observe:recorders` proves it over a conforming recording, the unit tests over a failing
 * one.
 */
export interface RecorderFreedom {
  id: string;
  /** Who writes files so, or the format's sentence that allows it. */
  source: string;
  keepsAll: boolean;
  write(entries: readonly WrittenHarEntry[]): WrittenHarEntry[];
  /** Spaces the file is indented by, as `JSON.stringify` indents; none when absent. */
  indent?: number;
}

/** A body's text in base64, as HAR 1.2's `encoding` allows. */
function inBase64<B extends { text?: string; encoding?: 'base64' }>(body: B): B {
  return body.text === undefined || body.encoding === 'base64' ? body : { ...body, text: Buffer.from(body.text).toString('base64'), encoding: 'base64' };
}

const lowerCased = (headers: WrittenHarEntry['request']['headers']) => headers.map((h) => ({ name: h.name.toLowerCase(), value: h.value }));

/** The entry's start in the time zone one hour east, with its offset written ("YYYY-MM-DDThh:mm:ss.sTZD"). */
function withOffset(iso: string): string {
  return new Date(Date.parse(iso) + 3_600_000).toISOString().replace('Z', '+01:00');
}

/** Where a recorder that keeps the start of a body cuts it here: short, so that many of a run's answers are cut. */
const CUT_AT = 64;

export const RECORDER_FREEDOMS: readonly RecorderFreedom[] = [
  {
    id: 'indented',
    source: 'browsers\' developer tools write HAR indented, an entry over many lines',
    keepsAll: true,
    write: (entries) => [...entries],
    indent: 2,
  },
  {
    id: 'bodies-in-base64',
    source: "HAR 1.2 `content.encoding`; martian's HAR logger writes every body so, Reqable its request bodies",
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, request: { ...e.request, ...(e.request.postData && { postData: inBase64(e.request.postData) }) }, response: { ...e.response, content: inBase64(e.response.content) } })),
  },
  {
    id: 'header-names-lower-case',
    source: 'HTTP/2 recorders (RFC 9113: field names in lower case)',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, request: { ...e.request, headers: lowerCased(e.request.headers) }, response: { ...e.response, headers: lowerCased(e.response.headers) } })),
  },
  {
    id: 'http2-versions',
    source: 'HTTP/2 exchanges: httpVersion "h2", no reason phrase',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, request: { ...e.request, httpVersion: 'h2' }, response: { ...e.response, httpVersion: 'h2', statusText: '' } })),
  },
  {
    id: 'local-time-offset',
    source: 'HAR 1.2 `startedDateTime` (ISO 8601 with its offset); Firefox writes local time',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, startedDateTime: withOffset(e.startedDateTime) })),
  },
  {
    id: 'microseconds',
    source: 'HAR 1.2 `startedDateTime` ("ss.s": any fraction); mitmproxy writes microseconds',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, startedDateTime: e.startedDateTime.replace(/\.(\d+)Z$/, (_all, ms: string) => `.${ms.padEnd(3, '0')}000Z`) })),
  },
  {
    id: 'timings-unknown',
    source: 'HAR 1.2 `timings`: -1 for a phase the recorder does not know',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, timings: { send: -1, wait: -1, receive: -1 } })),
  },
  {
    id: 'sizes-unknown',
    source: 'HAR 1.2 `bodySize`, `content.size`: -1 when not available',
    keepsAll: true,
    write: (entries) => entries.map((e) => ({ ...e, request: { ...e.request, bodySize: -1 }, response: { ...e.response, bodySize: -1, content: { ...e.response.content, size: -1 } } })),
  },
  {
    id: 'answer-order',
    source: 'a proxy writes an entry once its answer is complete (HAR 1.2: start order is preferred, a reader sorts)',
    keepsAll: false,
    write: (entries) => [...entries].sort((a, b) => Date.parse(a.startedDateTime) + a.time - (Date.parse(b.startedDateTime) + b.time)),
  },
  {
    id: 'no-bodies',
    source: 'HAR 1.2 `content.text` and `postData` optional; Chrome\'s "Save all as HAR" without content',
    keepsAll: false,
    write: (entries) =>
      entries.map((e) => {
        const { postData: _postData, ...request } = e.request;
        const { text: _text, encoding: _encoding, ...content } = e.response.content;
        return { ...e, request, response: { ...e.response, content } };
      }),
  },
  {
    id: 'bodies-cut-short',
    source: `a recorder that keeps the start of a long body, its size kept (Firefox: the first MiB; here ${CUT_AT} characters)`,
    keepsAll: false,
    write: (entries) => entries.map((e) => (e.response.content.text === undefined || e.response.content.encoding !== undefined || e.response.content.text.length <= CUT_AT ? e : { ...e, response: { ...e.response, content: { ...e.response.content, text: e.response.content.text.slice(0, CUT_AT) } } })),
  },
  {
    id: 'hundredths-of-seconds',
    source: 'HAR 1.2 `startedDateTime` ("ss.s": any fraction; its own example gives hundredths, "19:20:30.45+01:00")',
    keepsAll: false,
    write: (entries) => entries.map((e) => ({ ...e, startedDateTime: e.startedDateTime.replace(/\.(\d\d)\d*Z$/, '.$1Z') })),
  },
  {
    id: 'whole-seconds',
    source: 'a recorder whose times have no fraction of a second',
    keepsAll: false,
    write: (entries) => entries.map((e) => ({ ...e, startedDateTime: e.startedDateTime.replace(/\.\d+Z$/, 'Z') })),
  },
];

/**
 * How the observation of a recording as `freedom` writes it departs from the observation of the
 * recording itself, one line per rule; none when the judge read the file alike.
 */
export function departures(freedom: RecorderFreedom, original: Observation, written: Observation): string[] {
  const out: string[] = [];
  for (const [id, rule] of Object.entries(original.rules)) {
    const other = written.rules[id];
    if (!other) out.push(`${id}: not in the observation`);
    else if (freedom.keepsAll) {
      if (!observedAlike(rule, other)) out.push(`${id}: ${rule.verdict} (judged ${rule.judged}, failed ${rule.failed}) became ${other.verdict} (judged ${other.judged}, failed ${other.failed})`);
    } else if (other.verdict === 'fail' && rule.verdict !== 'fail') out.push(`${id}: failed ${other.failed} times, never in the recording itself: ${other.failures[0]?.message ?? ''}`);
  }
  return out;
}

export interface FreedomOutcome {
  freedom: RecorderFreedom;
  departures: string[];
  /** Rules whose observation differs at all (judged, customers): what a file that keeps less costs the observation. */
  observedOtherwise: number;
}

/**
 * Each freedom's departures over the recording `entries`: the recording and each freedom's file of
 * it are written into `dir` and judged as `observe --har` reads a file (the HAR reader, every judge).
 */
export async function freedomOutcomes(entries: readonly WrittenHarEntry[], dir: string, freedoms: readonly RecorderFreedom[] = RECORDER_FREEDOMS): Promise<{ original: Observation; outcomes: FreedomOutcome[] }> {
  const original = await judgedAsHar(entries, join(dir, 'recording.har'));
  const outcomes: FreedomOutcome[] = [];
  for (const freedom of freedoms) {
    const written = await judgedAsHar(freedom.write(entries), join(dir, `${freedom.id}.har`), freedom.indent);
    const observedOtherwise = Object.entries(original.rules).filter(([id, rule]) => !observedAlike(rule, written.rules[id])).length;
    outcomes.push({ freedom, departures: departures(freedom, original, written), observedOtherwise });
  }
  return { original, outcomes };
}

/** The same verdict over the same counts: what a file that keeps all must give of every rule. */
function observedAlike(rule: RuleObservation, other: RuleObservation | undefined): boolean {
  return other !== undefined && other.verdict === rule.verdict && other.judged === rule.judged && other.failed === rule.failed && other.customers === rule.customers;
}

async function judgedAsHar(entries: readonly WrittenHarEntry[], file: string, indent?: number): Promise<Observation> {
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'cpf-conformance recorder freedoms', version: '1' }, entries } }, null, indent));
  return observeAll(readHar([file]).exchanges, JUDGES);
}
