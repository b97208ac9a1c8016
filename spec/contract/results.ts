/**
 * Results, written from "Resources and their fields > Results response" and endpoint rule 8.
 *
 * Rule used for strict vs open: objects the spec writes out or enumerates field by field are strict;
 * objects whose contents are "not shown", or that the spec only reaches through a dotted path to one
 * member (`results.floorHeatingBalance.groups[]`, `projekt.abgleichFBH[]`), are open.
 */
import { z } from 'zod';
import { projectKeySchema } from './common.js';

/** "Groups are output for spreads 10, 7 and 5 K" (and "floor heating groups stay at 10, 7 and 5 K"). */
export const FLOOR_HEATING_SPREADS = [10, 7, 5] as const;

/** Query parameters of `GET .../results`. */
export const RESULTS_QUERY = {
  flowTemperature: { min: 25, max: 95 },
  /** `spread`: "greater than 0 and smaller than `flowTemperature`" */
  aliases: { vorlaufT: 'flowTemperature', spreizung: 'spread' },
} as const;

/**
 * Valid query values: `flowTemperature` (and its alias `vorlaufT`) 25 to 95 degrees C; `spread` (and its
 * alias `spreizung`) greater than 0 and smaller than the flow temperature. `flowTemperature` is "to be
 * given together with `spread`". Values as numbers; they travel as query strings.
 */
export const resultsQuerySchema = z
  .strictObject({
    flowTemperature: z.number().min(RESULTS_QUERY.flowTemperature.min).max(RESULTS_QUERY.flowTemperature.max).optional(),
    spread: z.number().positive().optional(),
    vorlaufT: z.number().min(RESULTS_QUERY.flowTemperature.min).max(RESULTS_QUERY.flowTemperature.max).optional(),
    spreizung: z.number().positive().optional(),
  })
  .refine((q) => {
    // "The current name takes precedence over its alias per parameter."
    const flow = q.flowTemperature ?? q.vorlaufT;
    const spread = q.spread ?? q.spreizung;
    return flow === undefined || spread === undefined || spread < flow;
  }, 'spread must be smaller than the flow temperature');
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
/** Contents not shown: any JSON object. */
const openObject = z.looseObject({});

/** `groups[].rooms[].setting`: `value` (to set at the manifold) and `unit` (string `l/min`). Strict. */
export const manifoldSettingSchema = z.strictObject({
  value: finite,
  unit: z.literal('l/min'),
});

/** Strict: `groups[].rooms[]` is enumerated field by field in the spec. */
export const floorHeatingRoomSchema = z.strictObject({
  surfaceId: z.string(),
  roomName: z.string(),
  floorLabel: z.string(),
  /** W, proportional load of the heating surface */
  heatingLoad: finite,
  /** K */
  spread: finite,
  /** l/h, single circuit */
  flowRate: finite,
  /** l/min, for display at the manifold */
  flowLpm: finite,
  setting: manifoldSettingSchema,
});
export type FloorHeatingRoom = z.infer<typeof floorHeatingRoomSchema>;

/** Strict: `groups[]` is enumerated (`spread`, `flowRateSum`, `flowRateUnit`, `rooms[]`). */
export const floorHeatingGroupSchema = z.strictObject({
  spread: finite,
  /** l/h, sum of the group at equal spread */
  flowRateSum: finite,
  flowRateUnit: z.literal('l/h'),
  rooms: z.array(floorHeatingRoomSchema),
});
export type FloorHeatingGroup = z.infer<typeof floorHeatingGroupSchema>;

/** Open: the spec only describes `floorHeatingBalance.groups[]`, not the whole object. */
export const floorHeatingBalanceSchema = z.looseObject({
  groups: z.array(floorHeatingGroupSchema),
});
export type FloorHeatingBalance = z.infer<typeof floorHeatingBalanceSchema>;

/**
 * Strict: `results` is enumerated ("`available` (boolean), `status` (string, value `calculated` when
 * available), `source` (string), `summary` (object), ..."). The contents of `summary`,
 * `roomHeatLoads`, `radiators`, `hydraulicBalance`, `heatpump` and `exchange` are not shown.
 */
export const resultsSchema = z.strictObject({
  available: z.boolean(),
  status: z.string(),
  source: z.string(),
  summary: openObject,
  roomHeatLoads: z.array(z.unknown()),
  radiators: z.array(z.unknown()),
  hydraulicBalance: openObject,
  floorHeatingBalance: floorHeatingBalanceSchema,
  heatpump: openObject,
  exchange: openObject,
});
export type Results = z.infer<typeof resultsSchema>;

/**
 * Compatibility structure "names and nesting unchanged": `projekt.abgleichFBH[]` with `spreizung`,
 * `summeVolumenstrom`, `raeume[]` of `raumBezeichnung`, `heizlast`, `durchfluss`. The spec gives no
 * JSON types for this older structure, so its numbers may also come as numeric strings.
 */
const legacyNumber = z.union([finite, z.string().regex(/^[+-]?\d+(?:[.,]\d+)?$/, 'must be numeric')]);

export const abgleichRaumSchema = z.strictObject({
  raumBezeichnung: z.string(),
  heizlast: legacyNumber,
  /** l/min, equals the setting value */
  durchfluss: legacyNumber,
});
export const abgleichFBHEntrySchema = z.strictObject({
  spreizung: legacyNumber,
  summeVolumenstrom: legacyNumber,
  raeume: z.array(abgleichRaumSchema),
});
export type AbgleichFBHEntry = z.infer<typeof abgleichFBHEntrySchema>;

/** Open: the spec names only `projekt.abgleichFBH` inside `projekt`. */
export const resultsProjektSchema = z.looseObject({
  abgleichFBH: z.array(abgleichFBHEntrySchema),
});

/** Strict: "`{status: 200, action: getResults, project: {key}, results, projekt}`". */
export const resultsResponseSchema = z.strictObject({
  status: z.literal(200),
  action: z.literal('getResults'),
  project: z.strictObject({ key: projectKeySchema }),
  results: resultsSchema,
  projekt: resultsProjektSchema,
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

/** Read a legacy number (number or numeric string, decimal comma allowed). */
export function legacyNumberValue(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.replace(',', '.'));
}

/** "`status` (string, value `calculated` when available)". */
export function availableImpliesCalculated(results: Pick<Results, 'available' | 'status'>): boolean {
  return !results.available || results.status === 'calculated';
}

/** The group spreads as a sorted list, to compare with FLOOR_HEATING_SPREADS. */
export function groupSpreads(balance: FloorHeatingBalance): number[] {
  return balance.groups.map((group) => group.spread).sort((a, b) => b - a);
}

/** Whether two numbers agree within a relative/absolute tolerance (for rounded outputs). */
export function approximatelyEqual(a: number, b: number, tolerance = 0.01): boolean {
  return Math.abs(a - b) <= Math.max(tolerance, Math.abs(b) * tolerance);
}
