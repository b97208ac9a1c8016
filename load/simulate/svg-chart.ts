/**
 * Line charts as inline SVG, drawn here rather than by a charting library in the page: the
 * report is one file that renders without scripts and without loading anything.
 */
export interface Series {
  name: string;
  color: string;
  /** One value per x position; null leaves a gap. */
  values: readonly (number | null)[];
}

export interface ChartOptions {
  title: string;
  /** Seconds since the start, one per value. */
  x: readonly number[];
  series: readonly Series[];
  unit: string;
  /** Logarithmic y axis (latencies spanning p50 to max). */
  log?: boolean;
  /** Shaded x ranges [from, to) in seconds, with their legend label. */
  bands?: { ranges: [number, number][]; label: string };
  width?: number;
  height?: number;
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toPrecision(2));

export function lineChart(o: ChartOptions): string {
  const width = o.width ?? 900;
  const height = o.height ?? 260;
  const pad = { left: 60, right: 16, top: 44, bottom: 40 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const values = o.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const xMax = Math.max(1, ...o.x);
  const positive = values.filter((v) => v > 0);
  const yMaxRaw = Math.max(0, ...values);
  const log = o.log === true && positive.length > 0;
  const lo = log ? Math.pow(10, Math.floor(Math.log10(Math.min(...positive)))) : 0;
  const hi = log ? Math.pow(10, Math.ceil(Math.log10(Math.max(...positive) * 1.0001))) : yMaxRaw > 0 ? yMaxRaw * 1.1 : 1;
  const y = (v: number) => {
    const share = log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo) || 1) : v / hi;
    return pad.top + plotH - share * plotH;
  };
  const x = (s: number) => pad.left + (s / xMax) * plotW;
  const ticks = log
    ? Array.from({ length: Math.round(Math.log10(hi / lo)) + 1 }, (_, i) => lo * Math.pow(10, i))
    : Array.from({ length: 5 }, (_, i) => (hi / 4) * i);
  const xTicks = Array.from({ length: 7 }, (_, i) => (xMax / 6) * i);
  const parts: string[] = [];
  parts.push(`<svg class="chart" role="img" aria-label="${escapeHtml(o.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`);
  parts.push(`<text x="${pad.left}" y="16" class="title">${escapeHtml(o.title)}</text>`);
  for (const [from, to] of o.bands?.ranges ?? []) {
    parts.push(`<rect class="band" x="${x(Math.max(0, from)).toFixed(1)}" y="${pad.top}" width="${Math.max(0, x(Math.min(xMax, to)) - x(Math.max(0, from))).toFixed(1)}" height="${plotH}"/>`);
  }
  for (const t of ticks) parts.push(`<line class="grid" x1="${pad.left}" x2="${width - pad.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/><text class="tick" x="${pad.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${fmt(t)}</text>`);
  for (const t of xTicks) parts.push(`<text class="tick" x="${x(t).toFixed(1)}" y="${height - pad.bottom + 16}" text-anchor="middle">${t.toFixed(0)}</text>`);
  parts.push(`<text class="tick" x="${pad.left + plotW / 2}" y="${height - 6}" text-anchor="middle">seconds since start</text>`);
  parts.push(`<text class="tick" x="12" y="${pad.top + plotH / 2}" transform="rotate(-90 12 ${pad.top + plotH / 2})" text-anchor="middle">${escapeHtml(o.unit)}${log ? ' (log)' : ''}</text>`);
  for (const s of o.series) {
    let d = '';
    let pen = false;
    s.values.forEach((v, i) => {
      if (v === null || !Number.isFinite(v) || (log && v <= 0)) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(o.x[i] ?? 0).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.6"><title>${escapeHtml(s.name)}</title></path>`);
  }
  const legend = [...o.series.map((s) => ({ name: s.name, color: s.color, band: false })), ...(o.bands && o.bands.ranges.length ? [{ name: o.bands.label, color: '', band: true }] : [])];
  // The legend gets its own row under the title, left to right.
  let lx = pad.left;
  for (const item of legend) {
    parts.push(item.band ? `<rect class="band" x="${lx}" y="25" width="14" height="10"/>` : `<rect x="${lx}" y="28" width="14" height="3" fill="${item.color}"/>`);
    parts.push(`<text class="legend" x="${lx + 18}" y="34">${escapeHtml(item.name)}</text>`);
    lx += item.name.length * 6.2 + 34;
  }
  parts.push('</svg>');
  return parts.join('');
}
