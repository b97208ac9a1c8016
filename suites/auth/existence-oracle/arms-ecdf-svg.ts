/**
 * The two arms of the paired probe as empirical CDFs, for an Allure attachment (image/svg+xml):
 * a shift between the curves shows what the sign test weighed, and their shapes show whether it
 * is a slow tail or the whole distribution. Styles are inline because the attachment is shown
 * without the report page's stylesheet.
 */
export interface ArmsEcdfInput {
  /** Per pair, the arm's time in ms (the faster of its requests). */
  foreignMs: readonly number[];
  missingMs: readonly number[];
  title: string;
}

const WIDTH = 640;
const HEIGHT = 300;
const PAD = { left: 48, right: 16, top: 44, bottom: 52 };
// The dash keeps the arms apart where the curves overlap and for readers who do not see colour.
const FOREIGN = { name: 'foreign', color: '#d62728', dash: '' };
const MISSING = { name: 'never-existing', color: '#1f77b4', dash: ' stroke-dasharray="5 3"' };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// toPrecision alone would write 1234 as "1.23e+3".
const sig3 = (v: number) => (Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(3));
const sortedFinite = (values: readonly number[]) => values.filter(Number.isFinite).sort((a, b) => a - b);

/** Interpolated between order statistics, so that the median of an even count is the usual one. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = q * (sorted.length - 1);
  const below = sorted[Math.floor(pos)] as number;
  const above = sorted[Math.ceil(pos)] as number;
  return below + (above - below) * (pos - Math.floor(pos));
}

/**
 * The finest step of 1, 2, 2.5 or 5 × 10^k that spans lo..hi in at most 5 steps. The 2.5 is there
 * because going from 2 straight to 5 can drop to 2 steps, and 4 to 6 labels are wanted.
 */
function tickStep(lo: number, hi: number): { step: number; decimals: number } {
  for (let k = Math.floor(Math.log10((hi - lo) / 5)); ; k++) {
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * 10 ** k;
      if (Math.ceil(hi / step - 1e-9) - Math.floor(lo / step + 1e-9) <= 5) return { step, decimals: Math.max(0, (m === 2.5 ? 1 : 0) - k) };
    }
  }
}

export function armsEcdfSvg(input: ArmsEcdfInput): string {
  const arms = [{ ...FOREIGN, values: sortedFinite(input.foreignMs) }, { ...MISSING, values: sortedFinite(input.missingMs) }];
  const title = escapeXml(input.title);
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="11">` +
    `<title>${title}</title><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>` +
    `<text x="${PAD.left}" y="18" font-size="13" font-weight="bold">${title}</text>`;
  // The arms come from the same pairs: one without times leaves nothing to compare.
  if (arms.some((a) => a.values.length === 0)) return `${head}<text x="${WIDTH / 2}" y="${HEIGHT / 2}" text-anchor="middle">no pairs answered 404 on both arms</text></svg>`;

  const pooled = arms.flatMap((a) => a.values).sort((a, b) => a - b);
  const min = pooled[0] as number;
  // The lower order statistic, not an interpolated one: interpolating towards a lone outlier
  // would stretch the axis that p99 is meant to cut it from.
  const p99 = pooled[Math.floor(0.99 * (pooled.length - 1))] as number;
  // Equal values still need an axis of some width around them.
  const spread = Math.abs(min) * 0.1 || 1;
  const [rawLo, rawHi] = p99 > min ? [min, p99] : [min - spread, min + spread];
  const { step, decimals } = tickStep(rawLo, rawHi);
  const first = Math.floor(rawLo / step + 1e-9);
  const last = Math.ceil(rawHi / step - 1e-9);
  const lo = first * step;
  const hi = last * step;

  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const bottom = PAD.top + plotH;
  const right = PAD.left + plotW;
  const x = (ms: number) => (PAD.left + ((ms - lo) / (hi - lo)) * plotW).toFixed(1);
  const y = (share: number) => (bottom - share * plotH).toFixed(1);

  const parts = [head];
  for (let i = first; i <= last; i++) {
    const at = x(i * step);
    parts.push(`<line x1="${at}" x2="${at}" y1="${PAD.top}" y2="${bottom}" stroke="#eee"/>`);
    parts.push(`<text class="x-tick" x="${at}" y="${bottom + 14}" text-anchor="middle">${(i * step).toFixed(decimals)}</text>`);
  }
  for (const share of [0, 0.5, 1]) {
    parts.push(`<line x1="${PAD.left}" x2="${right}" y1="${y(share)}" y2="${y(share)}" stroke="#ccc"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${(bottom - share * plotH + 4).toFixed(1)}" text-anchor="end">${share}</text>`);
  }
  parts.push(`<text x="${PAD.left + plotW / 2}" y="${bottom + 28}" text-anchor="middle">answer time (ms)</text>`);
  parts.push(`<text x="14" y="${PAD.top + plotH / 2}" transform="rotate(-90 14 ${PAD.top + plotH / 2})" text-anchor="middle">fraction &#8804; x</text>`);

  let legendX = PAD.left;
  for (const arm of arms) {
    const values = arm.values;
    // A step at the last of equal values only; values beyond the axis leave the curve short of 1.
    let d = `M${x(lo)},${y(0)}`;
    values.forEach((v, i) => {
      if (v <= hi && values[i + 1] !== v) d += `H${x(v)}V${y((i + 1) / values.length)}`;
    });
    parts.push(`<path d="${d}H${x(hi)}" fill="none" stroke="${arm.color}" stroke-width="1.6"${arm.dash}/>`);
    const label = `${arm.name} (n = ${values.length})`;
    parts.push(`<line x1="${legendX}" x2="${legendX + 18}" y1="30" y2="30" stroke="${arm.color}" stroke-width="2"${arm.dash}/>`);
    parts.push(`<text x="${legendX + 22}" y="34">${label}</text>`);
    legendX += label.length * 6.2 + 40;
  }

  const beyond = pooled.filter((v) => v > hi).length;
  // Bottom right of the plot: every CDF is near 1 at the right edge, so that corner stays empty.
  if (beyond > 0) {
    parts.push(`<text x="${right - 4}" y="${bottom - 6}" text-anchor="end" font-size="10" fill="#555">x axis clipped at p99 = ${sig3(p99)} ms (axis to ${hi.toFixed(decimals)} ms); ${beyond} value${beyond === 1 ? '' : 's'} beyond</text>`);
  }
  const stats = arms.map((a) => `${a.name}: median ${sig3(quantile(a.values, 0.5))} ms, p90 ${sig3(quantile(a.values, 0.9))} ms`);
  parts.push(`<text x="${PAD.left}" y="${bottom + 44}">${stats.join('; ')}</text>`);
  parts.push('</svg>');
  return parts.join('');
}
