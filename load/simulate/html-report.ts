import { floodRanges } from './flood-phase.js';
import { percentileMs, percentiles, sumHistograms, type Percentiles } from './histograms.js';
import { ENDPOINTS, OPERATIONS, OPERATION_SPECS, type Endpoint } from './operations.js';
import type { SimulationResult } from './result-file.js';
import type { BucketStats } from './stats.js';
import { escapeHtml, lineChart, type Series } from './svg-chart.js';
import { floodComparisonOf, verdictLabel, type Verdict } from './verdicts.js';
import { laneTable } from './invalid-token-table.js';
import { laneOf } from './invalid-token-verdict.js';

const COLORS: Record<Endpoint, string> = {
  list: '#1f77b4',
  detail: '#ff7f0e',
  rooms: '#2ca02c',
  patch: '#d62728',
  createRoom: '#9467bd',
  results: '#8c564b',
  funding: '#e377c2',
  flood: '#7f7f7f',
  invalidToken: '#17becf',
};

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.pass{background:#2e7d32}.fail{background:#c62828}.invalid{background:#ef6c00}
table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
th{background:#f5f5f5}td:first-child,th:first-child{text-align:left}
.ok{color:#2e7d32}.missed{color:#c62828;font-weight:600}
.chart .title{font-weight:600;font-size:13px}.chart .tick,.chart .legend{font-size:11px;fill:#444}
.chart .grid{stroke:#eee}.chart .band{fill:#ffcc80;opacity:.35}
.small{display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
pre{background:#f7f7f7;padding:8px;overflow:auto;font-size:12px}
`;

const ms = (v: number) => v.toFixed(v >= 100 ? 0 : 1);

function row(cells: (string | number)[], header = false): string {
  const tag = header ? 'th' : 'td';
  return `<tr>${cells.map((c) => `<${tag}>${typeof c === 'number' ? c.toLocaleString('en-US') : c}</${tag}>`).join('')}</tr>`;
}

function percentileCells(p: Percentiles): string[] {
  return [ms(p.p50), ms(p.p95), ms(p.p99), ms(p.max)];
}

/**
 * The run as one self-contained HTML file: verdicts, latency percentiles over time, throughput,
 * 429s and errors per second, per endpoint, the flood's effect, and the load side's own figures.
 */
export function renderReport(result: SimulationResult, verdicts: readonly Verdict[]): string {
  const { stats, runs } = result;
  const keys = [...stats.timeline.keys()].sort((a, b) => a - b);
  const origin = keys[0] ?? 0;
  const x = keys.map((k) => (k - origin) / 1000);
  const perSecond = stats.intervalMs / 1000;
  const bucket = (k: number, e: Endpoint): BucketStats | undefined => stats.timeline.get(k)?.[e];
  const customerLatency = keys.map((k) => sumHistograms(OPERATIONS.map((op) => bucket(k, op)?.latency).filter((h) => h !== undefined), 'timeline'));
  const series = (name: string, color: string, f: (k: number, i: number) => number | null): Series => ({ name, color, values: keys.map(f) });
  const flooders = runs.reduce((n, r) => n + r.flooders, 0);
  const flooded = stats.floodPhases.size > 0;
  const phase = runs[0]?.floodPhaseSeconds ?? 10;
  const end = keys.length ? (keys.at(-1) as number) + stats.intervalMs : origin;
  const bands = flooded ? { label: 'flood on', ranges: floodRanges(origin, end, phase).map(([a, b]) => [(a - origin) / 1000, (b - origin) / 1000] as [number, number]) } : undefined;

  const failedTarget = verdicts.some((v) => !v.ok && v.kind === 'target');
  const invalid = verdicts.some((v) => !v.ok && v.kind === 'load-side');
  const undecided = verdicts.some((v) => !v.ok && v.kind === 'undecided');
  const open = [invalid ? 'INVALID: load side' : '', undecided ? 'UNDECIDED' : ''].filter(Boolean).join(', ');
  // A proven failure first, whatever else was left undecided (as the exit code).
  const badge = failedTarget
    ? `<span class="verdict fail">FAIL</span>${open ? ` <span class="verdict invalid">and ${open}</span>` : ''}`
    : open
      ? `<span class="verdict invalid">${open}</span>`
      : '<span class="verdict pass">PASS</span>';

  const sent = OPERATIONS.reduce((n, op) => n + stats.endpoints[op].sent, 0);
  const seconds = Math.max(...runs.map((r) => r.durationSeconds), 1);
  const html: string[] = [];
  html.push(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Load simulation ${escapeHtml(runs[0]?.startedAt ?? '')}</title><style>${STYLE}</style></head><body>`);
  html.push(`<h1>Load simulation ${badge}</h1>`);
  html.push(`<p>Target <code>${escapeHtml(runs[0]?.target ?? '')}</code> (${escapeHtml(runs[0]?.kind ?? '')}${runs[0]?.fault ? `, fault <code>${escapeHtml(runs[0].fault)}</code>` : ''}), ${escapeHtml(runs[0]?.startedAt ?? '')}; ${sent.toLocaleString('en-US')} customer requests in ${seconds} s (${(sent / seconds).toFixed(0)}/s), flood ${stats.endpoints.flood.sent.toLocaleString('en-US')}.</p>`);

  html.push('<h2>Verdicts</h2><table>', row(['verdict', 'result', 'detail'], true));
  for (const v of verdicts) html.push(row([escapeHtml(v.name), `<span class="${v.ok ? 'ok' : 'missed'}">${verdictLabel(v)}</span>`, escapeHtml(v.detail)]));
  html.push('</table>');

  html.push('<h2>Runs</h2><table>', row(['shard', 'customers', 'flooders', 'planned req/s', 'budget req/s', 'seconds', 'seed', 'started'], true));
  for (const r of runs) html.push(row([r.shard ?? 'whole', r.customers, r.flooders, r.plannedPerSecond.toFixed(0), r.budgetPerSecond.toFixed(0), r.durationSeconds, r.seed, escapeHtml(r.startedAt)]));
  html.push('</table>');

  html.push('<h2>Latency over time</h2>');
  html.push(
    lineChart({
      title: 'Customer requests: latency percentiles per interval (all endpoints, by send time)',
      x,
      unit: 'ms',
      log: true,
      bands,
      series: [
        { name: 'p50', color: '#1f77b4', values: customerLatency.map((h) => (h.totalCount ? percentileMs(h, 50) : null)) },
        { name: 'p95', color: '#2ca02c', values: customerLatency.map((h) => (h.totalCount ? percentileMs(h, 95) : null)) },
        { name: 'p99', color: '#d62728', values: customerLatency.map((h) => (h.totalCount ? percentileMs(h, 99) : null)) },
        { name: 'max', color: '#555', values: customerLatency.map((h) => (h.totalCount ? h.maxValue / 1000 : null)) },
      ],
    }),
  );

  html.push('<h2>Throughput, 429s and errors per second</h2>');
  html.push(
    lineChart({
      title: 'Requests per second by endpoint (by send time)',
      x,
      unit: 'requests/s',
      bands,
      series: [
        series('all customers', '#000', (k) => OPERATIONS.reduce((n, op) => n + (bucket(k, op)?.sent ?? 0), 0) / perSecond),
        ...ENDPOINTS.filter((e) => stats.endpoints[e].sent > 0).map((e) => series(e, COLORS[e], (k) => (bucket(k, e)?.sent ?? 0) / perSecond)),
      ],
    }),
  );
  html.push(
    lineChart({
      title: '429s and errors per second',
      x,
      unit: 'per second',
      bands,
      series: [
        series("429 to customers within budget", '#d62728', (k) => OPERATIONS.reduce((n, op) => n + (bucket(k, op)?.refused ?? 0), 0) / perSecond),
        series('errors (unexpected or no answer)', '#9467bd', (k) => ENDPOINTS.reduce((n, e) => n + (bucket(k, e)?.errors ?? 0), 0) / perSecond),
        series('429 to flooding customers', '#7f7f7f', (k) => (bucket(k, 'flood')?.refused ?? 0) / perSecond),
      ],
    }),
  );

  html.push('<h2>Per endpoint</h2><table>', row(['endpoint', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '429', 'errors', 'answers'], true));
  for (const e of ENDPOINTS) {
    const s = stats.endpoints[e];
    if (s.sent === 0) continue;
    const statuses = Object.entries(s.byStatus).map(([k, v]) => `${k}: ${v.toLocaleString('en-US')}`).join(', ');
    html.push(row([escapeHtml(OPERATION_SPECS[e].label), s.sent, (s.sent / seconds).toFixed(1), ...percentileCells(percentiles(s.latency)), s.refused, s.errors, escapeHtml(statuses)]));
  }
  html.push('</table><div class="small">');
  for (const e of ENDPOINTS) {
    if (stats.endpoints[e].sent === 0) continue;
    const at = (k: number, p: number) => {
      const h = bucket(k, e)?.latency;
      return h && h.totalCount ? percentileMs(h, p) : null;
    };
    html.push(
      lineChart({
        title: OPERATION_SPECS[e].label,
        x,
        unit: 'ms',
        log: true,
        bands,
        width: 580,
        height: 200,
        series: [series('p50', '#1f77b4', (k) => at(k, 50)), series('p95', '#2ca02c', (k) => at(k, 95)), series('p99', '#d62728', (k) => at(k, 99))],
      }),
    );
  }
  html.push('</div>');

  if (flooded) {
    const c = floodComparisonOf(result);
    html.push(
      `<h2>The flood's effect on the others</h2><p>${flooders} flooding customer(s) in ${runs.length === 1 ? 'this run' : 'these runs'}, on for ${phase} s (shaded), then ${phase} s to recover and ${phase} s quiet. Compared: ${c.pairs.length} pairs of a quiet phase and the flood phase after it, after the warm-up of ${runs[0]?.warmUpSeconds ?? 0} s, the verdict takes the median of the pairs' p99 ratios. Their requests pooled:</p><table>`,
      row(['customer requests', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], true),
    );
    html.push(row(['while the flood is on', ...[percentiles(c.on)].flatMap((p) => [p.count, ...percentileCells(p)])]));
    html.push(row(['while it is off', ...[percentiles(c.off)].flatMap((p) => [p.count, ...percentileCells(p)])]));
    html.push('</table>');
  }

  const lane = laneOf(result);
  const table = laneTable(result);
  if (lane && table) {
    const limit = lane.limit ? `documented limit ${lane.limit.requests} per ${lane.limit.windowSeconds} s (${escapeHtml(lane.limit.source)})` : 'no documented limit: not judged (RATE-13, the spec does not show its value)';
    const burst = stats.invalidTokens.burst;
    html.push(
      `<h2>Requests without a valid token, per source address</h2><p>${lane.ratePerSecond} per second over ${lane.addresses} address(es)${lane.burst ? ', and a burst from the first' : ''}; ${limit}. A 429 is false when fewer than the limit's requests of its address can lie in the window before it; no limit applied at an address that got more admitted than any reading of the limit lets through: more than twice the limit within less than a window (a fixed window admits up to twice across its boundary), or more than k + 1 times it within k windows.${burst ? ` Burst: ${burst.sent} from ${escapeHtml(burst.address)}, ${burst.refused} refused, ${burst.spanMs === null ? 'not all answered' : `answered within ${burst.spanMs.toFixed(0)} ms`}.` : ''}</p><table>`,
      row(table.header, true),
    );
    for (const r of table.rows) html.push(row(r.map((c) => escapeHtml(c))));
    html.push('</table>');
    if (stats.invalidTokens.examples.length) html.push(`<pre>${escapeHtml(stats.invalidTokens.examples.join('\n\n'))}</pre>`);
  }

  html.push('<h2>Load side</h2><table>', row(['shard', 'requests sent', 'deferred by budget', 'dropped (in-flight cap)', 'lag p50 ms', 'lag p99 ms', 'lag max ms', 'scheduler µs/request', 'dispatch µs/request', 'CPU % of a core', 'event loop busy'], true));
  for (const l of stats.loadSide) {
    const lag = percentiles(l.lag);
    const per = (v: number) => (l.fired ? ((v * 1000) / l.fired).toFixed(1) : '0');
    html.push(row([escapeHtml(l.shard), l.sent, l.deferred, l.droppedInFlight, ms(lag.p50), ms(lag.p99), ms(lag.max), per(l.schedulerMs), per(l.dispatchMs), ((l.cpuMs / l.wallMs) * 100).toFixed(0), `${(l.eventLoopBusy * 100).toFixed(0)} %`]));
  }
  html.push('</table>');

  if (stats.refusals.examples.length) html.push(`<h2>False refusals (first ${stats.refusals.examples.length})</h2><pre>${escapeHtml(stats.refusals.examples.join('\n\n'))}</pre>`);
  if (stats.errorExamples.length) html.push(`<h2>Errors (first ${stats.errorExamples.length})</h2><pre>${escapeHtml(stats.errorExamples.join('\n'))}</pre>`);
  html.push('</body></html>');
  return html.join('\n');
}
