import type { RequestHandler } from 'express';
import { intercept } from '../../seams/intercept.js';
import { isPlainObject, type Json } from '../../seams/json-shapes.js';
import { isResults, sentQueryOf } from '../../seams/paths.js';
import { rewriteSystemTemperatures, SYSTEM_TEMPERATURES } from '../../seams/query-rewrite.js';
import { rewriteJson } from '../../seams/response-rewrite.js';
import { variations } from '../variation.js';

/**
 * Readings of the results area's freedoms (spec/freedoms/results.ts) that the reference server can take.
 *
 * They compose with each other in any order: each finds what it changes by value (a group by its
 * spread, an abgleichFBH number as a number or numeric text), never by position or JSON type, and
 * changes a figure by a function of the figure itself, so both structures stay generated from the
 * same values whichever variation ran first.
 */

/** Rewrites a copy of successful results answers in place. */
function rewriteResults(fn: (body: Json, query: URLSearchParams) => void): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isResults(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.results)) return body;
    const copy = structuredClone(body);
    fn(copy, sentQueryOf(req));
    return copy;
  });
}

const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);
const resultsOf = (body: Json): Json => (isPlainObject(body.results) ? body.results : {});
const groupsOf = (body: Json): Json[] => {
  const balance = resultsOf(body).floorHeatingBalance;
  return isPlainObject(balance) ? objects(balance.groups) : [];
};
const roomsOf = (group: Json): Json[] => objects(group.rooms);
const abgleichOf = (body: Json): Json[] => (isPlainObject(body.projekt) ? objects(body.projekt.abgleichFBH) : []);
const raeumeOf = (entry: Json): Json[] => objects(entry.raeume);

/** A number of the older structure, sent as a number or as numeric text (decimal comma or point). */
function legacyRead(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** `n` written the way `original` was: a number, or text with the same decimal separator. */
function legacyWrite(original: unknown, n: number): unknown {
  if (typeof original !== 'string') return n;
  return original.includes(',') ? String(n).replace('.', ',') : String(n);
}

/** Applies `fn` to an older-structure number in place, keeping how it was written. */
function mapLegacy(holder: Json, member: string, fn: (n: number) => number): void {
  const n = legacyRead(holder[member]);
  if (n !== undefined) holder[member] = legacyWrite(holder[member], fn(n));
}

const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A manifold step of 0.5 l/min, and no setting below one step. */
const MANIFOLD_STEP = 0.5;
const toManifoldStep = (lpm: number) => Math.max(MANIFOLD_STEP, roundTo(lpm, MANIFOLD_STEP));

const WATER_HEAT_CAPACITY = 1.163;

/** Time values that differ on every call: milliseconds, and a counter for calls within one millisecond. */
let calls = 0;

/** Written forms of a query number every reading takes: plain decimals. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

export const resultsVariations = variations([
  {
    id: 'results-extra-members',
    freedoms: ['FREE-RES-1', 'FREE-RES-5'],
    description: 'every object of the results answer carries members the spec does not name (results.parameters, a group label, a circuit valve, ...), and source names another engine',
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body, query) => {
          body.meta = { engine: 'vary', unit: 'SI' };
          if (isPlainObject(body.project)) body.project.label = 'Projekt';
          const results = resultsOf(body);
          results.source = 'vary-engine/2';
          results.parameters = Object.fromEntries(SYSTEM_TEMPERATURES.filter((name) => query.has(name)).map((name) => [name, query.get(name)]));
          if (isPlainObject(results.floorHeatingBalance)) results.floorHeatingBalance.note = 'Gruppen bei gleicher Spreizung';
          for (const group of groupsOf(body)) {
            group.label = `${String(group.spread)} K`;
            for (const room of roomsOf(group)) {
              room.valve = `HK-${String(room.surfaceId)}`;
              if (isPlainObject(room.setting)) room.setting.step = MANIFOLD_STEP;
            }
          }
          if (isPlainObject(body.projekt)) body.projekt.hinweis = 'Kompatibilitaetsstruktur';
          for (const entry of abgleichOf(body)) {
            entry.einheit = 'l/h';
            for (const raum of raeumeOf(entry)) raum.einheit = 'l/min';
          }
        }),
      ),
  },
  {
    id: 'results-timestamps',
    freedoms: ['FREE-RES-2'],
    description: 'results.calculatedAt and results.exchange.generatedAt carry the time of the call to the millisecond, and exchange a call counter: no two answers are equal as a whole',
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          const results = resultsOf(body);
          calls += 1;
          results.calculatedAt = new Date().toISOString();
          results.exchange = { ...(isPlainObject(results.exchange) ? results.exchange : {}), generatedAt: new Date().toISOString(), sequence: calls };
        }),
      ),
  },
  {
    id: 'manifold-step-setting',
    freedoms: ['FREE-RES-3'],
    description: `setting.value is the flow rounded to a manifold step of ${MANIFOLD_STEP} l/min (flowLpm keeps the flow), and durchfluss equals it`,
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          for (const group of groupsOf(body)) {
            for (const room of roomsOf(group)) {
              if (isPlainObject(room.setting) && typeof room.setting.value === 'number') room.setting.value = toManifoldStep(room.setting.value);
            }
          }
          // durchfluss "equals the setting value": the same function of the same value.
          for (const entry of abgleichOf(body)) for (const raum of raeumeOf(entry)) mapLegacy(raum, 'durchfluss', toManifoldStep);
        }),
      ),
  },
  {
    id: 'coarse-rounding',
    freedoms: ['FREE-RES-6'],
    description: 'heatingLoad and flowRate in whole W and l/h, flowLpm to 0.1 l/min, flowRateSum the rounded exact sum of the group (abgleichFBH alike)',
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          const sums = new Map<number, number>();
          for (const group of groupsOf(body)) {
            const spread = group.spread;
            if (typeof spread !== 'number' || !(spread > 0)) continue;
            let exactSum = 0;
            for (const room of roomsOf(group)) {
              if (typeof room.heatingLoad !== 'number') continue;
              const exact = room.heatingLoad / (WATER_HEAT_CAPACITY * spread);
              exactSum += exact;
              room.heatingLoad = Math.round(room.heatingLoad);
              room.flowRate = Math.round(exact);
              room.flowLpm = round1(exact / 60);
            }
            const flowRateSum = Math.round(exactSum);
            group.flowRateSum = flowRateSum;
            sums.set(spread, flowRateSum);
          }
          for (const entry of abgleichOf(body)) {
            const sum = sums.get(legacyRead(entry.spreizung) ?? Number.NaN);
            if (sum !== undefined) mapLegacy(entry, 'summeVolumenstrom', () => sum);
            for (const raum of raeumeOf(entry)) mapLegacy(raum, 'heizlast', Math.round);
          }
        }),
      ),
  },
  {
    id: 'results-reordered',
    freedoms: ['FREE-RES-7'],
    description: 'the groups come as 5, 7, 10 K and their circuits in reverse order, while abgleichFBH keeps its order: the two structures list them differently',
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          const balance = resultsOf(body).floorHeatingBalance;
          if (!isPlainObject(balance) || !Array.isArray(balance.groups)) return;
          balance.groups = [...(balance.groups as unknown[])].sort((a, b) => (isPlainObject(a) && isPlainObject(b) ? Number(a.spread) - Number(b.spread) : 0));
          for (const group of groupsOf(body)) if (Array.isArray(group.rooms)) group.rooms = [...(group.rooms as unknown[])].reverse();
        }),
      ),
  },
  {
    id: 'abgleich-numeric-text',
    freedoms: ['FREE-RES-8'],
    description: 'the numbers of projekt.abgleichFBH are numeric text with a decimal comma',
    configure: (deps) =>
      intercept(
        deps,
        rewriteResults((body) => {
          const text = (value: unknown) => (typeof value === 'number' ? String(value).replace('.', ',') : value);
          for (const entry of abgleichOf(body)) {
            entry.spreizung = text(entry.spreizung);
            entry.summeVolumenstrom = text(entry.summeVolumenstrom);
            for (const raum of raeumeOf(entry)) {
              raum.heizlast = text(raum.heizlast);
              raum.durchfluss = text(raum.durchfluss);
            }
          }
        }),
      ),
  },
  {
    id: 'plain-query-numbers',
    freedoms: ['FREE-RES-4'],
    description: 'system temperatures are read from plain decimals only: an exponent, a decimal comma or a sign other than minus answers 422 validation as no number',
    configure: (deps) =>
      intercept(
        deps,
        // The route then answers as for any text that is no number (after its ownership checks).
        rewriteSystemTemperatures(isResults, (value) => (PLAIN_DECIMAL.test(value) ? value : 'keine Zahl')),
      ),
  },
]);
