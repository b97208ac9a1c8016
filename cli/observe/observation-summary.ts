import { PASSIVE_CLASSES, type PassiveClass } from '../../spec/rules/passive.js';
import type { Observation, ObservedVerdict } from '../../observe/judge/observer.js';
import type { RuleFailure } from '../../observe/judge/ledger.js';
import { shown } from '../report-folder/terminal-text.js';

export interface ObservationSummary {
  /** The API base the traffic went to (the proxy's upstream, or the most frequent base in the files). */
  target: string;
  observed: {
    mode: 'recording' | 'proxy';
    sources: string[];
    from?: string;
    to?: string;
    exchanges: number;
    customers: number;
    ignored: Observation['ignored'];
    declared?: Observation['declared'];
    coarseStarts?: Observation['coarseStarts'];
    /** Of recordings: entries each file held and those left unread, by reason. */
    files?: { file: string; entries: number; exchanges: number; skipped: Record<string, number>; unanswered?: number }[];
  };
  verdicts: Record<ObservedVerdict, number>;
  /** Per passive class: how many of its rules passed, failed, were not observed. */
  byClass: Record<PassiveClass, Record<ObservedVerdict, number>>;
  failed: { rule: string; judged: number; failed: number; failures: RuleFailure[] }[];
  reports: Record<string, string>;
}

const VERDICTS: readonly ObservedVerdict[] = ['pass', 'fail', 'not-observed', 'not-passive'];
const zero = (): Record<ObservedVerdict, number> => ({ pass: 0, fail: 0, 'not-observed': 0, 'not-passive': 0 });

export function summarizeObservation(observation: Observation, facts: Pick<ObservationSummary, 'target' | 'reports'> & { mode: 'recording' | 'proxy'; sources: string[]; files?: ObservationSummary['observed']['files'] }): ObservationSummary {
  const verdicts = zero();
  const byClass = Object.fromEntries(PASSIVE_CLASSES.map((c) => [c, zero()])) as Record<PassiveClass, Record<ObservedVerdict, number>>;
  for (const r of Object.values(observation.rules)) {
    verdicts[r.verdict]++;
    byClass[r.class][r.verdict]++;
  }
  const { from, to } = observation;
  return {
    target: facts.target,
    observed: {
      mode: facts.mode,
      sources: facts.sources,
      ...(from !== undefined && { from }),
      ...(to !== undefined && { to }),
      exchanges: observation.exchanges,
      customers: observation.customers,
      ignored: observation.ignored,
      ...(observation.declared && { declared: observation.declared }),
      ...(observation.coarseStarts && { coarseStarts: observation.coarseStarts }),
      ...(facts.files && { files: facts.files }),
    },
    verdicts,
    byClass,
    failed: Object.entries(observation.rules)
      .filter(([, r]) => r.verdict === 'fail')
      .map(([rule, r]) => ({ rule, judged: r.judged, failed: r.failed, failures: r.failures })),
    reports: facts.reports,
  };
}

/** What the console prints at the end of an observation (and at each flush of the proxy). */
export function formatObservationSummary(s: ObservationSummary): string {
  const o = s.observed;
  const period = o.from && o.to ? `, ${o.from} to ${o.to}` : '';
  const ignored = [o.ignored.outsideApi > 0 ? `${o.ignored.outsideApi} outside /api/v2` : '', o.ignored.proxyFailures > 0 ? `${o.ignored.proxyFailures} answered by the proxy itself (upstream unreachable)` : '', (o.ignored.unanswered ?? 0) > 0 ? `${o.ignored.unanswered} requests without an answer` : ''].filter(Boolean);
  const skipped = (o.files ?? []).flatMap((f) => Object.entries(f.skipped).filter(([, n]) => n > 0).map(([why, n]) => `${shown(f.file)}: ${n} entries ${why}`));
  const classes = (['exchange', 'sequence', 'timeline'] as const).map((c) => `${c} ${s.byClass[c].pass + s.byClass[c].fail} of ${VERDICTS.reduce((n, v) => n + s.byClass[c][v], 0)}`);
  const lines = [
    `observed ${counted(o.exchanges, 'exchange')} of ${counted(o.customers, 'customer')}${period}${ignored.length > 0 ? ` (besides: ${ignored.join(', ')})` : ''}; the kit sent nothing`,
    ...(skipped.length > 0 ? [`left unread: ${skipped.join('; ')}`] : []),
    ...(o.coarseStarts ? [coarseStartsLine(o.coarseStarts)] : []),
    `rules: ${s.verdicts.pass} pass, ${s.verdicts.fail} fail, ${s.verdicts['not-observed']} not observed, ${s.verdicts['not-passive']} not decidable passively; judged by class: ${classes.join(', ')}`,
  ];
  for (const f of s.failed) {
    const first = f.failures[0];
    lines.push(`FAIL ${f.rule}: ${f.failed} of ${f.judged} judged exchanges broke it; the first: ${shown(first?.message ?? '')}`);
    if (first?.exchanges[0]) lines.push(`  ${first.exchanges[0].curl}`);
  }
  lines.push(...Object.entries(s.reports).map(([name, path]) => `${name}: ${path}`));
  return lines.join('\n');
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const UNITS: Readonly<Record<number, string>> = { 60_000: 'the minute', 1000: 'the second', 100: 'the tenth of a second', 10: 'the hundredth of a second' };

/** Why sequences and the limit are judged less on such a recording: an order the stamps leave open is not judged. */
function coarseStartsLine(c: NonNullable<Observation['coarseStarts']>): string {
  return `starts stamped to ${UNITS[c.unitMs] ?? `${c.unitMs} ms`} in ${counted(c.exchanges, 'exchange')}: each may lie that far off, and an order the stamps leave open is not judged`;
}
