/** The sentences the probe's checks end with (docs/existence-oracles.md shows them). */
import { PROBE_SECONDS } from './paired-probe.js';
import { ALPHA, PAIR_BUDGET, TARGET_RESOLUTION_MS, type PairedSummary } from './paired-statistics.js';

const ms = (v: number): string => (Number.isNaN(v) ? '–' : Number.isFinite(v) ? v.toFixed(Math.abs(v) >= 10 ? 1 : 2) : v > 0 ? '∞' : '−∞');
const confidence = `${((1 - ALPHA) * 100).toFixed(1)} %`;

function pValue(p: number): string {
  if (p >= 0.001) return `p = ${p.toFixed(3)}`;
  return `p < 1e${Math.ceil(Math.log10(p))}`;
}

const figures = (s: PairedSummary): string =>
  `${s.pairs} pairs, median difference ${ms(s.median)} ms, ${confidence} CI ${ms(s.interval.low)}…${ms(s.interval.high)} ms, sign test ${pValue(s.p)}, noise σ ${ms(s.sigma)} ms, one answer ${ms(s.answerMs)} ms`;

export function distinguishableText(what: string, s: PairedSummary): string {
  const slower = s.median >= 0 ? 'slower' : 'faster';
  return `AUTH-23 ${what}: distinguishable: foreign resources answer ${slower} by ${ms(Math.abs(s.median))} ms (${figures(s)}; α = ${ALPHA})`;
}

export function indistinguishableText(what: string, s: PairedSummary): string {
  const coarse = s.resolutionMs > TARGET_RESOLUTION_MS ? `; coarser than the ${TARGET_RESOLUTION_MS} ms the probe aims at, by the noise on the way` : '';
  return `AUTH-23 ${what}: indistinguishable down to ${ms(s.resolutionMs)} ms (${figures(s)}${coarse})`;
}

/** `timeSpent`: the probe's time (PROBE_SECONDS) ended before its pairs did: too few customers for the budget. */
export function undecidedText(what: string, s: PairedSummary, timeSpent = false): string {
  if (s.pairs === 0) return `AUTH-23 ${what}: no pair answered within the probe's ${PROBE_SECONDS} s: too few pool customers (customers.pool) free for it while the other probes held them`;
  const why = timeSpent
    ? `the probe's ${PROBE_SECONDS} s ended after ${s.pairs} of its ${PAIR_BUDGET} pairs: too few pool customers (customers.pool) free for it`
    : `the noise on the way to the target is too large for the budget of ${PAIR_BUDGET} pairs`;
  const reached = Number.isFinite(s.resolutionMs)
    ? `indistinguishable down to ${ms(s.resolutionMs)} ms only, coarser than one answer of the target (${ms(s.answerMs)} ms)`
    : `no resolution reached: too few pairs to resolve even one answer of the target (${ms(s.answerMs)} ms)`;
  return `AUTH-23 ${what}: ${reached} (${figures(s)}): ${why}`;
}
