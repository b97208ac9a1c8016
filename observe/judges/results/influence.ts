import { isDeepStrictEqual } from 'node:util';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { calculatedOf, type Calculated } from './not-stored.js';
import { QuietWindows } from './quiet-windows.js';
import { projectKeyOf, successfulResults } from './results-read.js';
import { onlySystemTemperatures, plainValue, systemTemperaturesOf } from './system-temperatures.js';

interface Call {
  x: ExchangeView;
  flow: number;
  spread: number;
  calculated: Calculated;
}

/**
 * Two calls whose system temperatures every model of radiators and of their hydraulic balance
 * tells apart, as the active check's 35/5 and 75/10 are: flow and return both clearly warmer (so
 * every mean temperature, and with it every radiator's output, is), the colder return still well
 * above any room (no output clamped to nothing), and spreads far enough apart to change every
 * circuit's flow. Closer pairs may round to the same published figures.
 */
const APART = { flowK: 20, returnK: 20, lowestReturnC: 30, spreadRatio: 1.5 } as const;

function clearlyApart(a: Call, b: Call): boolean {
  const [low, high] = a.flow <= b.flow ? [a, b] : [b, a];
  const lowReturn = low.flow - low.spread;
  const highReturn = high.flow - high.spread;
  return (
    high.flow - low.flow >= APART.flowK &&
    highReturn - lowReturn >= APART.returnK &&
    lowReturn >= APART.lowestReturnC &&
    Math.max(a.spread, b.spread) / Math.min(a.spread, b.spread) >= APART.spreadRatio
  );
}

const CALLS_PER_PROJECT = 8;

/**
 * "They influence radiator and hydraulic calculation" (RES-25): two results calls of one project
 * with clearly other system temperatures and no write between must differ in `radiators` and in
 * `hydraulicBalance`. Only calls that name each parameter once, as a plain decimal, are compared:
 * every target reads those as the same numbers. A project without radiators shows nothing to
 * influence.
 */
export function influenceJudge(): Judge {
  const projects = new BoundedMap<string, Call[]>(512);
  const quiet = new QuietWindows(512);
  return {
    rules: ['RES-25'],
    see(x, ledger) {
      quiet.see(x, ledger);
      const call = callOf(x);
      const key = projectKeyOf(x);
      if (!call || key === undefined) return;
      const earlier = (projects.get(key) ?? []).filter((c) => x.sentAt - c.x.answeredAt <= SEQUENCE_HORIZON_MS);
      for (const before of earlier) {
        if (!followsClosely(before.x, x) || !clearlyApart(before, call)) continue;
        quiet.expect(key, before.x.sentAt, x.answeredAt, (l) => {
          const same = (['radiators', 'hydraulicBalance'] as const).filter((m) => isDeepStrictEqual(before.calculated[m], call.calculated[m]));
          l.judge('RES-25', x, same.length === 0, () => `results.${same.join(' and ')} stayed the same for ${before.flow}/${before.spread} and ${call.flow}/${call.spread} (flow temperature/spread)`, [before.x]);
        });
      }
      projects.set(key, [...earlier, call].slice(-CALLS_PER_PROJECT));
    },
    end(ledger) {
      quiet.end(ledger);
    },
  };
}

function callOf(x: ExchangeView): Call | undefined {
  const body = successfulResults(x);
  const t = onlySystemTemperatures(x.query) ? systemTemperaturesOf(x.query) : undefined;
  if (!body || !t || t.flow.shadowed || t.spread.shadowed) return undefined;
  const flow = plainValue(t.flow.taken);
  const spread = plainValue(t.spread.taken);
  const calculated = calculatedOf(body);
  if (flow === undefined || spread === undefined || !(spread > 0) || !calculated || calculated.radiators.length === 0) return undefined;
  return { x, flow, spread, calculated };
}
