import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput, answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { ResultsCalls, RESULTS_CALLS_READS } from './influence.js';
import { projectWritesState } from './quiet-windows.js';
import { bodyKnown, isResultsRead } from './results-read.js';
import { onlySystemTemperatures, queryText, systemTemperaturesOf, verdictOf, type SystemTemperatures, type Verdict } from './system-temperatures.js';
import { isPlainObject } from '../../json-value.js';

const FLOW_NAMES: readonly string[] = ['flowTemperature', 'vorlaufT'];
const SPREAD_NAMES: readonly string[] = ['spread', 'spreizung'];

/**
 * The system temperatures of results calls (endpoint rule 8, RES-18 to RES-23): valid ones must not
 * be refused as invalid, invalid ones must give 422 validation, and aliases taken are read as the
 * numbers they denote, after the current names (`ResultsCalls` `aliases`). Only calls that send both
 * parameters are judged ("to be given together"; the reaction to one alone is not shown), and a
 * 422 calculation_unavailable may answer any of them (FREE-ERR-7: a project without sufficient data
 * meets that row too).
 */
export function systemTemperatureJudge(context: JudgeContext): Judge {
  // Two calls naming the same numbers differently calculate alike (influence.ts `ResultsCalls`).
  const calls = new ResultsCalls('aliases', context.shared(projectWritesState));
  return {
    rules: ['RES-18', 'RES-19', 'RES-20', 'RES-21', 'RES-22', 'RES-23'],
    // Its rules read results calls, the aliases' quiet windows also writes; at any other exchange `see` only moved their clock.
    reads: RESULTS_CALLS_READS,
    tick: (sentAt, ledger) => calls.tick(sentAt, ledger),
    end: (ledger) => calls.end(ledger),
    see(x, ledger) {
      calls.see(x, ledger);
      if (!isResultsRead(x)) return;
      // The query first: most results calls send no system temperatures, and the body's checks cost more.
      const temperatures = systemTemperaturesOf(x.query);
      if (!temperatures || !x.requestBodyKnown || x.requestBody.kind !== 'none') return;
      const verdict = verdictOf(temperatures.flow.taken, temperatures.spread.taken);
      if (verdict.kind === 'valid' && onlySystemTemperatures(x.query)) accepted(x, ledger, temperatures, precedenceDecides(temperatures, verdict));
      if (verdict.kind === 'invalid') refused(x, ledger, temperatures, verdict, precedenceDecides(temperatures, verdict));
    },
  };
}

/**
 * Whether the query sends a parameter under both names whose alias, had it won, would change the
 * outcome: then the answer shows the precedence, and RES-23 judges it alone.
 */
function precedenceDecides(t: SystemTemperatures, verdict: Verdict): boolean {
  const flows = t.flow.shadowed ? [t.flow.taken, t.flow.shadowed] : [t.flow.taken];
  const spreads = t.spread.shadowed ? [t.spread.taken, t.spread.shadowed] : [t.spread.taken];
  return flows.some((f) => spreads.some((s) => {
    if (f === t.flow.taken && s === t.spread.taken) return false;
    const other = verdictOf(f, s);
    return other.kind !== 'open' && other.kind !== verdict.kind;
  }));
}

/** RES-18, RES-21, RES-22 (RES-23): a valid query; only a 422 validation shows it refused. */
function accepted(x: ExchangeView, ledger: Ledger, t: SystemTemperatures, precedence: boolean): void {
  if (!answeredOnItsMerits(x)) return;
  const flowRule = t.flow.taken.name === 'flowTemperature' ? 'RES-18' : 'RES-21';
  const spreadRule = t.spread.taken.name === 'spreizung' ? 'RES-22' : undefined;
  if (x.status === 200) {
    for (const rule of precedence ? ['RES-23'] : [flowRule, ...(spreadRule ? [spreadRule] : [])]) ledger.held(rule, x);
    return;
  }
  if (x.status !== 422 || detailsType(x) !== 'validation') return;
  // The field the refusal names tells which parameter the target took for invalid.
  const field = fieldOf(x);
  let rules = [flowRule, ...(spreadRule ? [spreadRule] : [])];
  if (precedence) rules = ['RES-23'];
  else if (field !== undefined && FLOW_NAMES.includes(field)) rules = [flowRule];
  else if (field !== undefined && SPREAD_NAMES.includes(field) && spreadRule) rules = [spreadRule];
  const why = precedence ? ' (the current name takes precedence over its alias)' : '';
  for (const rule of rules) ledger.broke(rule, x, `GET .../results?${queryText(t)} holds valid system temperatures${why}, but answered 422 validation`);
}

/** RES-19 to RES-22 (RES-23): an invalid query must give 422 validation. */
function refused(x: ExchangeView, ledger: Ledger, t: SystemTemperatures, verdict: Extract<Verdict, { kind: 'invalid' }>, precedence: boolean): void {
  if (!answeredOnItsInput(x)) return;
  const type = detailsType(x);
  // Neither the body nor the row is known, or the data row answered first (both rows conform).
  if (x.status === 422 && (!bodyKnown(x) || type === 'calculation_unavailable')) return;
  const rules = precedence
    ? ['RES-23']
    : [...(verdict.flow ? [t.flow.taken.name === 'flowTemperature' ? 'RES-19' : 'RES-21'] : []), ...(verdict.spread ? [t.spread.taken.name === 'spread' ? 'RES-20' : 'RES-22'] : [])];
  // The status is these rules' part; a 422 of the wrong details.type is ERR-5's.
  for (const rule of rules) ledger.judge(rule, x, x.status === 422, () => `GET .../results?${queryText(t)} holds an invalid system temperature, but answered ${x.status}, not 422 validation`);
}

function fieldOf(x: ExchangeView): string | undefined {
  const body = x.responseJson;
  const details = isPlainObject(body) ? body.details : undefined;
  return isPlainObject(details) && typeof details.field === 'string' ? details.field : undefined;
}
