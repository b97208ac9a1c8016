import { errors } from '../http/api-error.js';
import { parseDecimalText } from './numeric-text.js';

/** System temperatures used when a call gives none (a common radiator design point). */
export const DEFAULT_SYSTEM = { flowTemperature: 55, spread: 10 } as const;

/** °C range of `flowTemperature` and its alias `vorlaufT`. */
export const FLOW_TEMPERATURE_RANGE = { min: 25, max: 95 } as const;

function pick(query: Record<string, unknown>, current: string, alias: string): { name: string; raw: unknown } | undefined {
  // The current name wins per parameter; the alias is then not looked at at all.
  if (query[current] !== undefined) return { name: current, raw: query[current] };
  if (query[alias] !== undefined) return { name: alias, raw: query[alias] };
  return undefined;
}

/** Any finite decimal form (`45`, `4.5e1`, `45,0`); a repeated parameter arrives as an array and is none. */
function toNumber(p: { name: string; raw: unknown }): number {
  const n = typeof p.raw === 'string' ? parseDecimalText(p.raw, { decimalComma: true }) : undefined;
  if (n === undefined) throw errors.validation(`Ungültige Systemtemperatur: ${p.name} muss eine Zahl sein.`, p.name);
  return n;
}

/**
 * `flowTemperature` (alias `vorlaufT`) 25..95 °C and `spread` (alias `spreizung`) above 0 and
 * below the flow temperature, as the spec gives them: a tiny spread is valid, and should its flow
 * rates leave the number range, the answer is 422 `calculation_unavailable` (json-numbers.ts), never
 * a null. They come as a pair: one without the other is invalid. Values apply to this call only.
 */
export function parseSystemTemperatures(query: Record<string, unknown>): { flowTemperature: number; spread: number } {
  const flow = pick(query, 'flowTemperature', 'vorlaufT');
  const spread = pick(query, 'spread', 'spreizung');
  if (!flow && !spread) return { ...DEFAULT_SYSTEM };
  if (!flow || !spread) {
    const missing = flow ? 'spread' : 'flowTemperature';
    throw errors.validation(`Ungültige Systemtemperatur: flowTemperature und spread sind gemeinsam anzugeben.`, missing);
  }
  const flowTemperature = toNumber(flow);
  const spreadValue = toNumber(spread);
  const { min, max } = FLOW_TEMPERATURE_RANGE;
  if (flowTemperature < min || flowTemperature > max) {
    throw errors.validation(`Ungültige Systemtemperatur: flowTemperature muss zwischen ${min} und ${max} °C liegen.`, flow.name);
  }
  if (!(spreadValue > 0) || spreadValue >= flowTemperature) {
    throw errors.validation(`Ungültige Systemtemperatur: spread muss größer als 0 und kleiner als flowTemperature sein.`, spread.name);
  }
  return { flowTemperature, spread: spreadValue };
}
