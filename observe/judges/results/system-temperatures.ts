import { RESULTS_QUERY } from '../../../spec/contract/results.js';

/**
 * What a results query asks for, read the way every conforming target may read it (endpoint rule 8
 * with FREE-RES-4): a value that some reading takes and another refuses decides nothing.
 */

const SYSTEM_TEMPERATURE_NAMES = ['flowTemperature', 'spread', 'vorlaufT', 'spreizung'] as const;
type Name = (typeof SYSTEM_TEMPERATURE_NAMES)[number];
type FlowName = 'flowTemperature' | 'vorlaufT';
type SpreadName = 'spread' | 'spreizung';

/** A value as a target reads it: the number it denotes, or no number (refused). */
type Reading = number | 'refused';

/** "number, 25 to 95": written as a plain decimal, every target reads the number. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/** Other written forms of a number (exponent, decimal comma, leading plus or zeros): FREE-RES-4 lets a target read or refuse them. */
const OTHER_NUMBER_FORM = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** The readings a target may give a query value; undefined where the spec leaves even that open (blank, digits among other text). */
function readingsOf(text: string): Reading[] | undefined {
  if (PLAIN_DECIMAL.test(text)) return [Number(text)];
  // Blank may be taken as "not given", and the reaction to one parameter alone is not shown.
  if (text.trim() === '') return undefined;
  // Text without a digit is no number under any reading ("Infinity" is out of every range too).
  if (!/\d/.test(text)) return ['refused'];
  if (OTHER_NUMBER_FORM.test(text)) return [Number(text.replace(',', '.')), 'refused'];
  return undefined;
}

interface Given<N extends Name> {
  name: N;
  text: string;
  readings: Reading[];
}

/** The parameter the target takes: "The current name takes precedence over its alias per parameter." */
interface Parameter<C extends Name, A extends Name> {
  taken: Given<C> | Given<A>;
  /** The alias sent beside the current name (ignored by a conforming target). */
  shadowed?: Given<A>;
}

export interface SystemTemperatures {
  flow: Parameter<'flowTemperature', 'vorlaufT'>;
  spread: Parameter<'spread', 'spreizung'>;
}

/** Why a query's outcome is what it is: which parameter fails, under which name. */
export type Verdict = { kind: 'valid' } | { kind: 'invalid'; flow: boolean; spread: boolean } | { kind: 'open' };

/**
 * The system temperatures of a query, when it sends both parameters once each with values some
 * reading can take; undefined otherwise (none sent, one alone: "the reaction to only one of them is
 * not shown", a repeated name, a value no rule reads).
 */
export function systemTemperaturesOf(query: URLSearchParams): SystemTemperatures | undefined {
  const given = new Map<Name, Given<Name>>();
  for (const name of SYSTEM_TEMPERATURE_NAMES) {
    // Most queries name none: asking whether one is there makes no array.
    if (!query.has(name)) continue;
    const values = query.getAll(name);
    const text = values[0] as string;
    const readings = readingsOf(text);
    if (values.length > 1 || readings === undefined) return undefined;
    given.set(name, { name, text, readings });
  }
  const flow = parameter(given.get('flowTemperature') as Given<'flowTemperature'> | undefined, given.get('vorlaufT') as Given<'vorlaufT'> | undefined);
  const spread = parameter(given.get('spread') as Given<'spread'> | undefined, given.get('spreizung') as Given<'spreizung'> | undefined);
  return flow && spread ? { flow, spread } : undefined;
}

function parameter<C extends Name, A extends Name>(current: Given<C> | undefined, alias: Given<A> | undefined): Parameter<C, A> | undefined {
  if (current) return { taken: current, ...(alias && { shadowed: alias }) };
  return alias ? { taken: alias } : undefined;
}

/** Whether the query holds nothing but the four system temperature names. */
export function onlySystemTemperatures(query: URLSearchParams): boolean {
  return [...query.keys()].every((name) => (SYSTEM_TEMPERATURE_NAMES as readonly string[]).includes(name));
}

/** Whether the query names any system temperature at all. */
export function namesSystemTemperatures(query: URLSearchParams): boolean {
  return SYSTEM_TEMPERATURE_NAMES.some((name) => query.has(name));
}

const { min, max } = RESULTS_QUERY.flowTemperature;

/**
 * The outcome every reading of the values agrees on: valid (to be accepted), invalid (422
 * validation) with the parameter that fails under every reading, or open. "`spreizung`: older
 * alias of `spread`, greater than 0" says nothing of the flow temperature, so a `spreizung` not
 * below it leaves the outcome open.
 */
export function verdictOf(flow: Given<FlowName>, spread: Given<SpreadName>): Verdict {
  const outcomes: { flowBad: boolean; spreadBad: boolean; open: boolean }[] = [];
  for (const f of flow.readings) {
    for (const s of spread.readings) {
      const flowBad = f === 'refused' || !(f >= min && f <= max);
      const notPositive = s === 'refused' || !(s > 0);
      const notBelowFlow = !notPositive && typeof f === 'number' && !(s < f);
      const spreadBad = notPositive || (notBelowFlow && spread.name === 'spread');
      outcomes.push({ flowBad, spreadBad, open: !flowBad && !spreadBad && notBelowFlow });
    }
  }
  if (outcomes.some((o) => o.open)) return { kind: 'open' };
  if (outcomes.every((o) => !o.flowBad && !o.spreadBad)) return { kind: 'valid' };
  if (!outcomes.every((o) => o.flowBad || o.spreadBad)) return { kind: 'open' };
  const flowBad = outcomes.every((o) => o.flowBad);
  const spreadBad = outcomes.every((o) => o.spreadBad);
  return flowBad || spreadBad ? { kind: 'invalid', flow: flowBad, spread: spreadBad } : { kind: 'open' };
}

/** The one number a plain decimal denotes for every target; undefined for any other form. */
export function plainValue(given: Given<Name>): number | undefined {
  return PLAIN_DECIMAL.test(given.text) ? Number(given.text) : undefined;
}

/** `name=value` pairs of the parameters, for messages. */
export function queryText(t: SystemTemperatures): string {
  const parts = [t.flow.taken, t.flow.shadowed, t.spread.taken, t.spread.shadowed].filter((g): g is Given<Name> => g !== undefined);
  return parts.map((g) => `${g.name}=${g.text.slice(0, 20)}`).join('&');
}
