import { isDeepStrictEqual } from 'node:util';
import { BoundedMap } from '../../judge/bounded-map.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { calculatedOf, type Calculated } from './not-stored.js';
import { projectWritesState, quietWindowReads, QuietWindows, type ProjectWrites } from './quiet-windows.js';
import { isResultsRead, projectKeyOf, RESULTS_ROW, successfulResults } from './results-read.js';
import { onlySystemTemperatures, plainValue, systemTemperaturesOf } from './system-temperatures.js';

const readCallFact = fact(readCall);

interface Call {
  x: ExchangeView;
  /** The numbers the call's system temperatures denote (a target that took the call read them so). */
  flow: number;
  spread: number;
  /**
   * The rules of the parameters a target may misread although it took them: an alias beside its
   * current name (RES-23: "the current name takes precedence"), an alias in another form than a
   * plain decimal (RES-21, RES-22: read as the number it denotes, or refused).
   */
  misreadable: string[];
  /** Each parameter named once, as a plain decimal: every target reads the call alike. */
  plain: boolean;
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

/** The rule of an alias read in another form than a plain decimal. */
const ALIAS_RULE: Readonly<Record<string, string>> = { vorlaufT: 'RES-21', spreizung: 'RES-22' };

/**
 * Two results calls of one project with no write while either ran (they may overlap), compared on
 * `radiators` and `hydraulicBalance`:
 * - `influence`, "They influence radiator and hydraulic calculation" (RES-25): with clearly other
 *   system temperatures, named once each as plain decimals (every target reads those alike), they
 *   differ;
 * - `aliases`: with the same numbers denoted, where one call named them in a way a target may
 *   misread, they are the same: the current name's value taken over its alias (RES-23), an alias's
 *   exponent form read as its number (RES-21, RES-22: FREE-RES-4 lets a target refuse it, not read
 *   another number). A difference fails the rules of the misreadable parameters.
 * A project without radiators shows nothing to influence.
 */
export class ResultsCalls {
  /** Calls are compared only with those closely before them. */
  readonly #projects = new BoundedMap<string, Call[]>(512, SEQUENCE_HORIZON_MS);
  readonly #quiet: QuietWindows;

  constructor(
    private readonly compare: 'influence' | 'aliases',
    writes: ProjectWrites,
  ) {
    this.#quiet = new QuietWindows(writes);
  }

  see(x: ExchangeView, ledger: Ledger): void {
    this.#quiet.see(x, ledger);
    const call = callOf(x);
    if (!call) return;
    const key = projectKeyOf(x);
    if (key === undefined) return;
    const earlier = (this.#projects.get(key) ?? []).filter((c) => x.sentAt - c.x.answeredAt <= SEQUENCE_HORIZON_MS);
    for (const before of earlier) {
      if (this.compare === 'influence' && before.plain && call.plain && clearlyApart(before, call)) {
        this.#quiet.expect(key, before.x, x, (l) => {
          const same = (['radiators', 'hydraulicBalance'] as const).filter((m) => isDeepStrictEqual(before.calculated[m], call.calculated[m]));
          l.judge('RES-25', x, same.length === 0, () => `results.${same.join(' and ')} stayed the same for ${before.flow}/${before.spread} and ${call.flow}/${call.spread} (flow temperature/spread)`, [before.x]);
        });
      } else if (this.compare === 'aliases' && before.flow === call.flow && before.spread === call.spread && before.misreadable.length + call.misreadable.length > 0) {
        this.#quiet.expect(key, before.x, x, (l) => {
          const differ = (['radiators', 'hydraulicBalance'] as const).filter((m) => !isDeepStrictEqual(before.calculated[m], call.calculated[m]));
          for (const rule of new Set([...before.misreadable, ...call.misreadable])) {
            l.judge(rule, x, differ.length === 0, () => `results.${differ.join(' and ')} differ between ${before.x.rawQuery.slice(0, 80)} and ${x.rawQuery.slice(0, 80)}, which both denote ${call.flow}/${call.spread} (flow temperature/spread)`, [before.x]);
          }
        });
      }
    }
    this.#projects.set(key, [...earlier, call].slice(-CALLS_PER_PROJECT), x.answeredAt);
  }

  /** At an exchange `see` is not given (`RESULTS_CALLS_READS`): neither a results call nor a write, so only the quiet windows' clock moves. */
  tick(sentAt: number, ledger: Ledger): void {
    this.#quiet.tick(sentAt, ledger);
  }

  end(ledger: Ledger): void {
    this.#quiet.end(ledger);
  }
}

/** The results calls compared, and what the quiet windows between them must read. */
export const RESULTS_CALLS_READS = quietWindowReads([RESULTS_ROW]);

/** RES-25 (`ResultsCalls` `influence`); the aliases' comparisons belong to their rules' judge (parameters.ts). */
export function influenceJudge(context: JudgeContext): Judge {
  const calls = new ResultsCalls('influence', context.shared(projectWritesState));
  return {
    rules: ['RES-25'],
    // The results calls; at any other exchange but a write `see` only moved the quiet windows' clock.
    reads: RESULTS_CALLS_READS,
    see: (x, ledger) => calls.see(x, ledger),
    tick: (sentAt, ledger) => calls.tick(sentAt, ledger),
    end: (ledger) => calls.end(ledger),
  };
}

/** Both judges of results calls (influence and aliases) ask each exchange: a call is read once, and only from a results answer. */
function callOf(x: ExchangeView): Call | undefined {
  return isResultsRead(x) && x.status === 200 ? x.derived(readCallFact) : undefined;
}

function readCall(x: ExchangeView): Call | undefined {
  // The query first: most results calls send no system temperatures, and reading the answer makes an object.
  const t = onlySystemTemperatures(x.query) ? systemTemperaturesOf(x.query) : undefined;
  if (!t) return undefined;
  const body = successfulResults(x);
  const calculated = body && calculatedOf(body);
  if (!calculated || calculated.radiators.length === 0) return undefined;
  const flow = denoted(t.flow.taken);
  const spread = denoted(t.spread.taken);
  if (flow === undefined || spread === undefined || !(spread > 0)) return undefined;
  const misreadable = new Set<string>();
  if (t.flow.shadowed || t.spread.shadowed) misreadable.add('RES-23');
  for (const taken of [t.flow.taken, t.spread.taken]) {
    const rule = ALIAS_RULE[taken.name];
    if (rule !== undefined && plainValue(taken) === undefined) misreadable.add(rule);
  }
  const plain = !t.flow.shadowed && !t.spread.shadowed && plainValue(t.flow.taken) !== undefined && plainValue(t.spread.taken) !== undefined;
  return { x, flow, spread, misreadable: [...misreadable], plain, calculated };
}

/** The one number a taken value denotes under every reading that takes it; undefined when they disagree or none does. */
function denoted(given: { readings: readonly (number | 'refused')[] }): number | undefined {
  const numbers = [...new Set(given.readings.filter((r): r is number => typeof r === 'number'))];
  return numbers.length === 1 && Number.isFinite(numbers[0]) ? numbers[0] : undefined;
}
