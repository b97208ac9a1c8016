import type { InvalidTokenLimit } from './invalid-token-limit.js';
import type { RunInfo, SimulationResult } from './result-file.js';
import type { LaneAddressStats } from './stats.js';
import type { Verdict } from './verdicts.js';

/** The lane as the runs describe it (the shards share their command line), or undefined when the run had none. */
export function laneOf(result: SimulationResult): NonNullable<RunInfo['invalidTokens']> | undefined {
  return result.runs.find((r) => r.invalidTokens)?.invalidTokens;
}

const sum = (rows: readonly LaneAddressStats[], key: keyof LaneAddressStats) => rows.reduce((n, r) => n + r[key], 0);

/** `a: 2, b: 1` for the first few addresses where `key` is not 0. */
function named(addresses: Record<string, LaneAddressStats>, key: keyof LaneAddressStats): string {
  const hit = Object.entries(addresses).filter(([, s]) => s[key] > 0);
  const shown = hit.slice(0, 5).map(([a, s]) => `${a}: ${s[key]}`);
  return `${shown.join(', ')}${hit.length > 5 ? ` and ${hit.length - 5} more` : ''}`;
}

/** The burst's sentence, and whether it could decide anything (its requests within less than one window). */
function burstSentence(result: SimulationResult, limit: InvalidTokenLimit): { text: string; inconclusive: boolean } | undefined {
  const b = result.stats.invalidTokens.burst;
  if (!b) return undefined;
  const span = b.spanMs === null ? 'not all answered' : `answered within ${b.spanMs.toFixed(0)} ms`;
  const head = `the burst of ${b.sent} from ${b.address} (${span})`;
  if (b.refused > 0) return { text: `${head}: ${b.refused} refused with 429, the limit applied`, inconclusive: false };
  if (b.spanMs !== null && b.spanMs < limit.windowSeconds * 1000) return { text: `${head}: none refused`, inconclusive: false };
  return { text: `${head}: none refused, but not all within less than the ${limit.windowSeconds} s window, which proves nothing`, inconclusive: true };
}

/**
 * RATE-12 ("a fixed limit per source IP must apply to requests with invalid tokens, checked
 * against the documented value"), judged per address from the lane's own timings: missed when a
 * 429 came to an address that fewer than the limit's requests can explain (a limit counting
 * several addresses together, or a lower one), or when an address got more than twice the limit
 * admitted within less than one window (no limit of that value applies); not judged without a
 * documented value (RATE-13: the spec does not show it), never passed then.
 */
export function invalidTokenVerdicts(result: SimulationResult): Verdict[] {
  const lane = laneOf(result);
  if (!lane) return [];
  const { addresses } = result.stats.invalidTokens;
  const rows = Object.values(addresses);
  const sent = sum(rows, 'sent');
  const refused = sum(rows, 'refused');
  const counts = `${sent} requests without a valid token from ${rows.length} address(es): ${sum(rows, 'unauthorized')} answered 401, ${refused} 429, ${sum(rows, 'errors')} otherwise or not at all`;
  const name = 'invalid-token limit per address (RATE-12)';
  const verdicts: Verdict[] = [];
  const { limit } = lane;
  if (!limit) {
    verdicts.push({ name, ok: false, kind: 'undecided', detail: `not judged: the spec does not show the limit's value (RATE-13) and the run has none documented; ${counts}. Fix: --invalid-token-limit N/S as the target documents it, or a profile with limits.invalidTokenPerIp` });
  } else {
    const documented = `${limit.requests} per ${limit.windowSeconds} s (${limit.source})`;
    const falseCount = sum(rows, 'falseRefusals');
    const over = Object.entries(addresses).filter(([, s]) => s.notLimited > 0);
    const most = Math.max(0, ...rows.map((r) => r.mostAdmitted));
    const burst = burstSentence(result, limit);
    const missed = [
      falseCount > 0 ? `${falseCount} 429(s) that fewer than ${limit.requests} of the address's requests in the ${limit.windowSeconds} s before can explain (${named(addresses, 'falseRefusals')}): a limit counting several addresses together, or a lower one` : '',
      over.length > 0 ? `${over.length} address(es) got more admitted than a limit of ${documented} lets through, whether its window slides or is fixed (${over.slice(0, 5).map(([a]) => a).join(', ')}${over.length > 5 ? ' and more' : ''}): no such limit applies there` : '',
    ].filter(Boolean);
    const past = refused - falseCount;
    const beyond = rows.filter((r) => r.mostAdmitted > limit.requests).length;
    const applied =
      past > 0
        ? `${past} 429(s) at ${rows.filter((r) => r.refused > r.falseRefusals).length} address(es) that their own requests explain: the limit applied`
        : over.length > 0
          ? 'no 429 at all'
          : beyond > 0
          ? `no 429, though ${beyond} address(es) had more than ${limit.requests} admitted within less than a window, which a fixed window allows across its boundary (--invalid-burst sends more than twice the limit at once)`
          : 'no address went past its limit (--invalid-burst sends one past it)';
    const measured = `${counts}; documented ${documented}; most admitted at one address within less than a window ${most} (at most ${2 * limit.requests} allowed, a fixed window's most); ${applied}${burst ? `; ${burst.text}` : ''}`;
    if (missed.length > 0) verdicts.push({ name, ok: false, kind: 'target', detail: `${missed.join('; ')}; ${measured}` });
    else if (burst?.inconclusive) verdicts.push({ name, ok: false, kind: 'undecided', detail: `${measured}. Fix: a target nearer to the load side, or a quieter machine` });
    else verdicts.push({ name, ok: true, kind: 'target', detail: `no 429 that the address's own requests cannot explain; ${measured}` });
  }
  const errors = sum(rows, 'errors');
  const rate = sent === 0 ? 0 : errors / sent;
  const allowed = result.thresholds.maxErrorRate;
  verdicts.push({
    name: 'invalid-token answers',
    ok: sent > 0 && rate <= allowed,
    kind: 'target',
    detail: `${errors} of ${sent} requests without a valid token (${(rate * 100).toFixed(3)} %) answered other than 401 or 429, or not at all (allowed ${(allowed * 100).toFixed(3)} %)`,
  });
  return verdicts;
}
