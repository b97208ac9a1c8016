import type { RunSummary } from '../../cli/report/summary.js';
import type { LatencyFlags } from './latency-flags.js';
import type { DelayStats } from './latency-proxy.js';

/**
 * The figures of a run through the latency proxy (README, "Through a network with latency"), and
 * its exit code: the CLI's, raised to 3 when the proxy held nothing back (the run bypassed it and
 * proved nothing about latency) or the wall time exceeded the allowed multiple of the floor (or
 * there are no figures to compare).
 */
export function latencyVerdict(input: { flags: LatencyFlags; stats: DelayStats; summary: RunSummary | undefined; cliCode: number }): { lines: string[]; code: number } {
  const { flags, stats, summary } = input;
  const lines = [
    `latency proxy: ${flags.delayMs} ± ${flags.jitterMs} ms per leg; held ${stats.chunks} chunks (${(stats.bytes / 1e6).toFixed(1)} MB) on ${stats.connections} connections for ${stats.minMs.toFixed(1)}-${stats.maxMs.toFixed(1)} ms (mean ${stats.meanMs.toFixed(1)})`,
  ];
  let code = input.cliCode;
  if (stats.chunks === 0) {
    lines.push('the proxy held no data: the run did not go through it');
    code = Math.max(code, 3);
  }
  if (!summary) {
    // doctor writes none; a run that stopped early has its own exit code already.
    lines.push('no summary.json was written: no run figures');
    return { lines, code: flags.maxFloorRatio === undefined ? code : Math.max(code, 3) };
  }
  const inconclusive = summary.skipped.filter((s) => s.reason.startsWith('inconclusive'));
  const limiter = summary.areas.find((a) => a.area === 'rate-limit');
  const ratio = summary.pacingFloorSeconds > 0 ? summary.wallSeconds / summary.pacingFloorSeconds : undefined;
  lines.push(
    `through the proxy: wall time ${summary.wallSeconds.toFixed(1)} s vs floor ${summary.pacingFloorSeconds.toFixed(1)} s (${ratio === undefined ? 'no floor' : `${ratio.toFixed(2)}x`}${flags.maxFloorRatio ? `, allowed ${flags.maxFloorRatio}x` : ''}), ` +
      `unintended 429s ${summary.unintended429.length}, ${summary.totals.passed} passed, ${summary.totals.failed} failed, ${summary.totals.broken} broken, ${inconclusive.length} inconclusive` +
      (limiter ? ` (rate-limit checks: ${limiter.passed} passed, ${limiter.failed} failed)` : ''),
  );
  for (const s of inconclusive) lines.push(`  inconclusive: ${s.title}`);
  if (flags.maxFloorRatio !== undefined && ratio !== undefined && ratio > flags.maxFloorRatio) {
    lines.push(`the run took ${ratio.toFixed(2)}x its pacing floor, more than the allowed ${flags.maxFloorRatio}x: the harness waits on the network instead of overlapping its requests`);
    code = Math.max(code, 3);
  }
  return { lines, code };
}
