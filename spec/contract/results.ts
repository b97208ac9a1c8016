/**
 * Results, written from "Resources and their fields > Results response" and endpoint rule 8.
 *
 * Every object here is open: the spec lists the members of each ("`results`: `available`
 * (boolean), `status` (string, ...)", "`groups[]`: `spread` (K), ...") and never says "only" or
 * "exactly" of any of them (it closes one object in the whole document, the funding application),
 * so members it does not name may appear next to the named ones.
 *
 * The schemas come in two layers, so that one deviation fails one rule: the members of one level
 * with the next level left open (`resultsEnvelopeSchema`, `resultsMembersSchema`,
 * `floorHeatingGroupMembersSchema`), and the whole answer (`resultsResponseSchema`).
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
 * given together with `spread`". Values as numbers; they travel as query strings, and the spec gives
 * no text syntax for them ("number, 25 to 95"), so the suites send plain decimals only.
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

/**
 * The figures of the floor heating balance are quantities with a unit ("`heatingLoad` (W, ...)",
 * "`flowRate` (l/h, ...)"): JSON numbers. The spec names the members that are text ("`surfaceId`
 * (string)", "`flowRateUnit` (string, `l/h`)") and gives no precision, so any finite number.
 */
const finite = z.number().refine(Number.isFinite, 'must be a finite number');
/** Contents not shown: any JSON object. */
const openObject = z.looseObject({});

/** `groups[].rooms[].setting`: "`setting.value` (value to set at the manifold, unit given by `setting.unit`), `setting.unit` (string `l/min`)". */
export const manifoldSettingSchema = z.looseObject({
  value: finite,
  unit: z.literal('l/min'),
});

/** "`groups[].rooms[]`: `surfaceId` (string), `roomName`, `floorLabel`, `heatingLoad` (W, ...), `spread` (K), `flowRate` (l/h, ...), `flowLpm` (l/min, ...), `setting.value` ..., `setting.unit` ...". */
export const floorHeatingRoomSchema = z.looseObject({
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

const groupShape = {
  /** K */
  spread: finite,
  /** "l/h, sum of the group at equal spread" */
  flowRateSum: finite,
  /** "`flowRateUnit` (string, `l/h`)" */
  flowRateUnit: z.literal('l/h'),
};

/** "`results.floorHeatingBalance.groups[]`: `spread` (K), `flowRateSum` ..., `flowRateUnit` (string, `l/h`), `rooms[]`", the circuits left open. */
export const floorHeatingGroupMembersSchema = z.looseObject({ ...groupShape, rooms: z.array(z.unknown()) });

export const floorHeatingGroupSchema = z.looseObject({ ...groupShape, rooms: z.array(floorHeatingRoomSchema) });
export type FloorHeatingGroup = z.infer<typeof floorHeatingGroupSchema>;

/** The spec reaches into `floorHeatingBalance` only through `groups[]`. */
export const floorHeatingBalanceSchema = z.looseObject({
  groups: z.array(floorHeatingGroupSchema),
});
export type FloorHeatingBalance = z.infer<typeof floorHeatingBalanceSchema>;

/**
 * "`results`: `available` (boolean), `status` (string, value `calculated` when available), `source`
 * (string), `summary` (object), `roomHeatLoads` (array), `radiators` (array), `hydraulicBalance`
 * (object), `floorHeatingBalance` (object), `heatpump` (object), `exchange` (object). Contents of
 * `summary`, `roomHeatLoads`, `radiators`, `hydraulicBalance`, `heatpump`, `exchange`: not shown."
 * Here `floorHeatingBalance` is only an object: its groups are `floorHeatingBalanceSchema`'s.
 */
export const resultsMembersSchema = z.looseObject({
  available: z.boolean(),
  status: z.string(),
  source: z.string(),
  summary: openObject,
  roomHeatLoads: z.array(z.unknown()),
  radiators: z.array(z.unknown()),
  hydraulicBalance: openObject,
  floorHeatingBalance: openObject,
  heatpump: openObject,
  exchange: openObject,
});

export const resultsSchema = resultsMembersSchema.extend({ floorHeatingBalance: floorHeatingBalanceSchema });
export type Results = z.infer<typeof resultsSchema>;

/**
 * Compatibility structure, "names and nesting unchanged": `projekt.abgleichFBH[]` with `spreizung`,
 * `summeVolumenstrom`, `raeume[]` of `raumBezeichnung`, `heizlast`, `durchfluss`. Unchanged names and
 * nesting of these members; nothing closes the objects. The spec gives no JSON types for this older
 * structure, so its numbers may also come as numeric strings (decimal comma included).
 */
const legacyNumber = z.union([finite, z.string().regex(/^[+-]?\d+(?:[.,]\d+)?$/, 'must be numeric')]);

export const abgleichRaumSchema = z.looseObject({
  raumBezeichnung: z.string(),
  heizlast: legacyNumber,
  /** "l/min, equals the setting value" */
  durchfluss: legacyNumber,
});
export const abgleichFBHEntrySchema = z.looseObject({
  spreizung: legacyNumber,
  summeVolumenstrom: legacyNumber,
  raeume: z.array(abgleichRaumSchema),
});
export type AbgleichFBHEntry = z.infer<typeof abgleichFBHEntrySchema>;

/** The spec names only `projekt.abgleichFBH` inside `projekt`. */
export const resultsProjektSchema = z.looseObject({
  abgleichFBH: z.array(abgleichFBHEntrySchema),
});

/**
 * "`{status: 200, action: getResults, project: {key}, results, projekt}`": these members with the
 * values the spec writes; `results` and `projekt` left open (their members are `resultsMembersSchema`'s
 * and `resultsProjektSchema`'s). `action` is one of the three values the spec shows.
 */
export const resultsEnvelopeSchema = z.looseObject({
  status: z.literal(200),
  action: z.literal('getResults'),
  project: z.looseObject({ key: projectKeySchema }),
  results: openObject,
  projekt: openObject,
});

/** The whole answer: the envelope with `results` and `projekt` written out. */
export const resultsResponseSchema = resultsEnvelopeSchema.extend({
  results: resultsSchema,
  projekt: resultsProjektSchema,
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

/** Read a legacy number (number or numeric string, decimal comma allowed). */
export function legacyNumberValue(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.replace(',', '.'));
}

/** "`status` (string, value `calculated` when available)". */
export function availableImpliesCalculated(results: { available: boolean; status: string }): boolean {
  return !results.available || results.status === 'calculated';
}
