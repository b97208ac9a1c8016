import { z } from 'zod';
import {
  abgleichFBHEntrySchema,
  abgleichRaumSchema,
  FLOOR_HEATING_SPREADS,
  floorHeatingGroupMembersSchema,
  floorHeatingGroupSchema,
  floorHeatingRoomSchema,
  legacyNumberValue,
} from '../../../spec/contract/results.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { availableResults, firstIssue, RESULTS_ROW, shown, successfulResults } from './results-read.js';
import { EPSILON, FLOW_RATE_RELATIVE_TOLERANCE, stepOf, WATER_HEAT_CAPACITY } from './rounding.js';
import { namesSystemTemperatures } from './system-temperatures.js';
import { isPlainObject } from '../../json-value.js';
import { namedMembersOnly, PARSED } from '../named-members.js';

/**
 * Each rule reads only the members it speaks of, so that one missing member fails its own rule
 * (RES-8, RES-10, RES-13) and leaves the others to judge what is there. No reading reads a member
 * its schema does not name: the parses leave the others out.
 */
const circuit = floorHeatingRoomSchema.shape;
const groupsWith = <G extends z.ZodRawShape, R extends z.ZodRawShape>(group: G, room: R) =>
  namedMembersOnly(z.array(z.looseObject({ ...group, rooms: z.array(z.looseObject(room)) })));
const legacy = z.union([z.number(), z.string()]).transform(legacyNumberValue);
const entriesWith = <E extends z.ZodRawShape, R extends z.ZodRawShape>(entry: E, raum: R) =>
  namedMembersOnly(z.array(z.looseObject({ ...entry, raeume: z.array(z.looseObject(raum)) })));
const { spreizung, summeVolumenstrom } = abgleichFBHEntrySchema.shape;
const { raumBezeichnung, heizlast, durchfluss } = abgleichRaumSchema.shape;

const spreads = groupsWith({ spread: circuit.spread }, {});
const sums = groupsWith({ spread: circuit.spread, flowRateSum: floorHeatingGroupMembersSchema.shape.flowRateSum }, { flowRate: circuit.flowRate });
const circuitSpreads = groupsWith({ spread: circuit.spread }, { spread: circuit.spread });
const flows = groupsWith({}, { flowRate: circuit.flowRate, flowLpm: circuit.flowLpm });
const loads = groupsWith({ spread: circuit.spread }, { roomName: circuit.roomName, heatingLoad: circuit.heatingLoad });
const settings = groupsWith({ spread: circuit.spread }, { roomName: circuit.roomName, heatingLoad: circuit.heatingLoad, setting: z.looseObject({ value: circuit.setting.shape.value }) });
const entrySums = entriesWith({ spreizung: spreizung.pipe(legacy), summeVolumenstrom: summeVolumenstrom.pipe(legacy) }, {});
const entryLoads = entriesWith({ spreizung: spreizung.pipe(legacy) }, { raumBezeichnung, heizlast: heizlast.pipe(legacy) });
const entryFlows = entriesWith({ spreizung: spreizung.pipe(legacy) }, { raumBezeichnung, heizlast: heizlast.pipe(legacy), durchfluss: durchfluss.pipe(legacy) });
// Made once: a schema made per answer is compiled again per answer.
const groupMembers = namedMembersOnly(z.array(floorHeatingGroupMembersSchema));
const circuitsShaped = namedMembersOnly(z.array(z.looseObject({ spread: circuit.spread, rooms: z.array(z.unknown()) })));
const circuitsFull = groupsWith({ spread: circuit.spread }, circuit);
/** What `groupMembers` and `circuitsFull` both accept: one parse of the many conforming answers tells both. */
const wholeGroups = namedMembersOnly(z.array(floorHeatingGroupSchema));
const abgleichShape = namedMembersOnly(z.array(abgleichFBHEntrySchema));

/**
 * Groups with every member of RES-8 and RES-10, entries with every member of RES-13: each narrower
 * reading above then holds what these do, and is not parsed again (conforming answers are the many).
 */
type WholeGroups = (z.infer<typeof groupMembers>[number] & z.infer<typeof circuitsFull>[number])[];
type WholeEntries = (z.infer<typeof entrySums>[number] & z.infer<typeof entryFlows>[number])[];

function wholeEntries(entries: z.infer<typeof abgleichShape>): WholeEntries {
  return entries.map((e) => ({
    ...e,
    spreizung: legacyNumberValue(e.spreizung),
    summeVolumenstrom: legacyNumberValue(e.summeVolumenstrom),
    raeume: e.raeume.map((r) => ({ ...r, heizlast: legacyNumberValue(r.heizlast), durchfluss: legacyNumberValue(r.durchfluss) })),
  }));
}

const descending = (a: number, b: number) => b - a;
/** Lists of numbers or texts the same in JSON (-0 as 0, a number beyond range as null), item by item. */
const sameList = (a: readonly (number | string)[], b: readonly (number | string)[]) => a.length === b.length && a.every((item, i) => item === b[i] || (nullInJson(item) && nullInJson(b[i])));
const nullInJson = (item: unknown) => typeof item === 'number' && !Number.isFinite(item);
/**
 * One text per circuit name and load, for lists whose order the spec does not fix (FREE-RES-7): a
 * number's text holds no space. Texts differ where JSON writes two loads alike only for loads beyond
 * range, and a group's loads never are, so no pairing with a group's circuit changes.
 */
const circuitKey = (name: string, load: number) => `${load} ${name}`;

/**
 * The floor heating groups of calculated results and the compatibility structure generated from
 * the same values (RES-7 to RES-16, RES-26). The group spreads of an answer to a call with system
 * temperatures are RES-26's ("floor heating groups stay at 10, 7 and 5 K"), of one without RES-7's.
 */
export function floorHeatingJudge(): Judge {
  return {
    rules: ['RES-7', 'RES-8', 'RES-9', 'RES-10', 'RES-11', 'RES-12', 'RES-13', 'RES-14', 'RES-15', 'RES-16', 'RES-26'],
    // Only the 200 results answers carry floor heating groups.
    reads: { endpoints: [RESULTS_ROW] },
    see(x, ledger) {
      const body = successfulResults(x);
      const results = body && availableResults(body);
      if (!body || !results) return;
      const balance = results.floorHeatingBalance;
      const groups = isPlainObject(balance) ? balance.groups : undefined;
      const whole = isPlainObject(balance) && wholeGroups.safeParse(groups).success ? (groups as WholeGroups) : undefined;
      if (isPlainObject(balance)) groupRules(x, ledger, groups, whole ? PARSED : groupMembers.safeParse(groups), whole);
      const projekt = body.projekt;
      if (isPlainObject(projekt) && Array.isArray(projekt.abgleichFBH)) compatibilityRules(x, ledger, groups, whole, projekt.abgleichFBH);
    },
  };
}

function groupRules(x: ExchangeView, ledger: Ledger, groups: unknown, members: { success: boolean; error?: z.ZodError }, whole: WholeGroups | undefined): void {
  // "`results.floorHeatingBalance.groups[]`: `spread` (K), `flowRateSum` (l/h, ...), `flowRateUnit` (string, `l/h`), `rooms[]`"
  ledger.judge('RES-8', x, members.success, () => `a floor heating group lacks a member or has one of the wrong type: groups.${members.error ? firstIssue(members.error) : ''}`);

  const bySpread: z.infer<typeof spreads> | undefined = whole ?? spreads.safeParse(groups).data;
  if (bySpread) {
    // "Groups are output for spreads 10, 7 and 5 K", and "floor heating groups stay at 10, 7 and 5 K" whatever the call asks.
    const rule = namesSystemTemperatures(x.query) ? 'RES-26' : 'RES-7';
    const found = bySpread.map((g) => g.spread).sort(descending);
    ledger.judge(rule, x, sameList(found, FLOOR_HEATING_SPREADS), () => `the floor heating groups are for ${found.join(', ') || 'no'} K, not 10, 7 and 5 K${rule === 'RES-26' ? ` (query ${x.rawQuery.slice(0, 100)})` : ''}`);
  }

  const flowRateStep = new FlowRateStep();
  const sum: z.infer<typeof sums> | undefined = whole ?? sums.safeParse(groups).data;
  if (sum && circuitsIn(sum) > 0) {
    const flowStep = flowRateStep.of(() => circuitsOf(sum));
    const sumStep = stepOf(sum.map((g) => g.flowRateSum));
    // "`flowRateSum` (l/h, sum of the group at equal spread)": each rounded term may be off by half its step (FREE-RES-6).
    const off = sum.find((g) => Math.abs(g.flowRateSum - g.rooms.reduce((s, r) => s + r.flowRate, 0)) > (flowStep / 2) * g.rooms.length + sumStep / 2 + EPSILON);
    ledger.judge('RES-9', x, off === undefined, () => `group ${off?.spread} K: flowRateSum ${off?.flowRateSum} l/h is not the sum of its circuits' flowRate (${off?.rooms.reduce((s, r) => s + r.flowRate, 0).toFixed(3)} l/h)`);
  }

  circuitMembers(x, ledger, groups, whole, flowRateStep);

  const own: z.infer<typeof circuitSpreads> | undefined = whole ?? circuitSpreads.safeParse(groups).data;
  if (own && circuitsIn(own) > 0) {
    const stray = own.find((g) => g.rooms.some((r) => r.spread !== g.spread));
    ledger.judge('RES-11', x, stray === undefined, () => `a circuit of group ${stray?.spread} K has spread ${stray?.rooms.find((r) => r.spread !== stray.spread)?.spread}, not its group's`);
  }

  const flow: z.infer<typeof flows> | undefined = whole ?? flows.safeParse(groups).data;
  if (flow && circuitsIn(flow) > 0) {
    const rooms = circuitsOf(flow);
    // "`flowRate` (l/h, single circuit), `flowLpm` (l/min, for display at the manifold)": one flow in two units.
    const tolerance = stepOf(rooms.map((r) => r.flowLpm)) / 2 + flowRateStep.of(() => rooms) / 2 / 60 + EPSILON;
    const off = rooms.find((r) => Math.abs(r.flowLpm - r.flowRate / 60) > tolerance);
    ledger.judge('RES-12', x, off === undefined, () => `a circuit has flowLpm ${off?.flowLpm} l/min for flowRate ${off?.flowRate} l/h (flowRate / 60 = ${((off?.flowRate ?? 0) / 60).toFixed(4)})`);
  }
}

/** RES-10: the members of every circuit, and its flow carrying its load at its group's spread (as the active check reads "l/h, single circuit"). */
function circuitMembers(x: ExchangeView, ledger: Ledger, groups: unknown, whole: WholeGroups | undefined, flowRateStep: FlowRateStep): void {
  const shaped: z.infer<typeof circuitsShaped> | undefined = whole ?? circuitsShaped.safeParse(groups).data;
  if (!shaped || circuitsIn(shaped) === 0) return;
  const full = whole ? { success: true as const, data: whole } : circuitsFull.safeParse(groups);
  if (!full.success) {
    ledger.broke('RES-10', x, `a floor heating circuit lacks a member or has one of the wrong type: groups.${firstIssue(full.error)}`);
    return;
  }
  const rooms = circuitsOf(full.data);
  const flowStep = flowRateStep.of(() => rooms);
  const loadStep = stepOf(rooms.map((r) => r.heatingLoad));
  for (const group of full.data) {
    if (!(group.spread > 0)) continue;
    for (const room of group.rooms) {
      // Water carrying heatingLoad with a temperature drop of the group's spread: Q = m * c * dT.
      const expected = room.heatingLoad / (WATER_HEAT_CAPACITY * group.spread);
      const tolerance = expected * FLOW_RATE_RELATIVE_TOLERANCE + flowStep / 2 + loadStep / 2 / (WATER_HEAT_CAPACITY * group.spread) + EPSILON;
      if (Math.abs(room.flowRate - expected) > tolerance) {
        ledger.broke('RES-10', x, `group ${group.spread} K, circuit ${shown(room.surfaceId, 40)}: flowRate ${room.flowRate} l/h for ${room.heatingLoad} W; the load needs ${expected.toFixed(2)} l/h +- ${tolerance.toFixed(3)}`);
        return;
      }
    }
  }
  ledger.held('RES-10', x);
}

function compatibilityRules(x: ExchangeView, ledger: Ledger, groups: unknown, whole: WholeGroups | undefined, abgleich: unknown[]): void {
  const shape = abgleichShape.safeParse(abgleich);
  if (abgleich.length > 0) {
    // "names and nesting unchanged: `projekt.abgleichFBH[]` with `spreizung`, `summeVolumenstrom`, `raeume[]` of `raumBezeichnung`, `heizlast`, `durchfluss`"
    ledger.judge('RES-13', x, shape.success, () => `projekt.abgleichFBH does not keep its names and nesting: abgleichFBH.${shape.error ? firstIssue(shape.error) : ''}`);
  }
  const entriesWhole = shape.success ? wholeEntries(shape.data) : undefined;

  // "Both structures are generated from the same values."
  const groupSums: z.infer<typeof sums> | undefined = whole ?? sums.safeParse(groups).data;
  const entries: z.infer<typeof entrySums> | undefined = entriesWhole ?? entrySums.safeParse(abgleich).data;
  if (groupSums && entries) {
    const groupSpreads = groupSums.map((g) => g.spread).sort(descending);
    const entrySpreads = entries.map((e) => e.spreizung).sort(descending);
    const mismatch = entries.find((e) => {
      const group = groupSums.find((g) => g.spread === e.spreizung);
      return group !== undefined && group.flowRateSum !== e.summeVolumenstrom;
    });
    // The message is no named closure: under tsx, which keeps functions' names, one costs a defineProperty whenever it is made.
    ledger.judge('RES-14', x, sameList(groupSpreads, entrySpreads) && mismatch === undefined, () =>
      !sameList(groupSpreads, entrySpreads)
        ? `abgleichFBH spreizung ${entrySpreads.join(', ')} is not the group spreads ${groupSpreads.join(', ')}`
        : `abgleichFBH spreizung ${mismatch?.spreizung}: summeVolumenstrom ${mismatch?.summeVolumenstrom} is not the group's flowRateSum`,
    );
  }

  const groupLoads: z.infer<typeof loads> | undefined = whole ?? loads.safeParse(groups).data;
  const raeume: z.infer<typeof entryLoads> | undefined = entriesWhole ?? entryLoads.safeParse(abgleich).data;
  if (groupLoads && raeume && circuitsIn(groupLoads) > 0) {
    const differing = FLOOR_HEATING_SPREADS.find((spread) => {
      const group = groupLoads.find((g) => g.spread === spread);
      const entry = raeume.find((e) => e.spreizung === spread);
      if (!group || !entry) return false; // RES-7 and RES-14 judge a missing group or entry
      return !sameRows(group.rooms.map((r) => ({ load: r.heatingLoad, name: r.roomName })), entry.raeume.map((r) => ({ load: r.heizlast, name: r.raumBezeichnung })));
    });
    ledger.judge('RES-15', x, differing === undefined, () => `abgleichFBH spreizung ${differing}: raeume (raumBezeichnung, heizlast) are not the circuits of group ${differing} K (roomName, heatingLoad)`);
  }

  durchflussRule(x, ledger, groups, whole, abgleich, entriesWhole);
}

/** RES-16: "`durchfluss` (l/min, equals the setting value)", each raum paired with its circuit by name and load. */
function durchflussRule(x: ExchangeView, ledger: Ledger, groups: unknown, whole: WholeGroups | undefined, abgleich: unknown[], entriesWhole: WholeEntries | undefined): void {
  const groupSettings: z.infer<typeof settings> | undefined = whole ?? settings.safeParse(groups).data;
  const entries: z.infer<typeof entryFlows> | undefined = entriesWhole ?? entryFlows.safeParse(abgleich).data;
  if (!groupSettings || !entries || circuitsIn(groupSettings) === 0) return;
  let compared = 0;
  for (const spread of FLOOR_HEATING_SPREADS) {
    const group = groupSettings.find((g) => g.spread === spread);
    const entry = entries.find((e) => e.spreizung === spread);
    if (!group || !entry) continue;
    const settingRows = group.rooms.map((r) => ({ load: r.heatingLoad, name: r.roomName, value: r.setting.value }));
    const flowRows = entry.raeume.map((r) => ({ load: r.heizlast, name: r.raumBezeichnung, value: r.durchfluss }));
    // The same rows pair every raum with its circuit and its durchfluss with the setting value: only other answers are paired circuit by circuit.
    if (sameRows(settingRows, flowRows)) {
      compared++;
      continue;
    }
    const values = valuesByCircuit(group.rooms.map((r) => [r.roomName, r.heatingLoad, r.setting.value]));
    const flows = valuesByCircuit(entry.raeume.map((r) => [r.raumBezeichnung, r.heizlast, r.durchfluss]));
    if (!paired(values, flows)) continue;
    for (const [key, v] of values) {
      const f = flows.get(key) ?? [];
      if (!sameList([...v].sort(descending), [...f].sort(descending))) {
        const room = group.rooms.find((r) => circuitKey(r.roomName, r.heatingLoad) === key);
        ledger.broke('RES-16', x, `abgleichFBH spreizung ${spread}, circuit ${JSON.stringify([room?.roomName, room?.heatingLoad]).slice(0, 80)}: durchfluss ${shown(f)} is not setting.value ${shown(v)}`);
        return;
      }
    }
    compared++;
  }
  if (compared > 0) ledger.held('RES-16', x);
}

/** A circuit by its name and load, and for RES-16 a figure of it. */
interface Row {
  load: number;
  name: string;
  value?: number;
}

const ascending = <T extends number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const byRow = (a: Row, b: Row) => ascending(a.load, b.load) || ascending(a.name, b.name) || ascending(a.value ?? 0, b.value ?? 0);
const sameRow = (a: Row, b: Row | undefined) => a.load === b?.load && a.name === b.name && a.value === b.value;

/** Up to this many circuits a group's rows are matched one by one; more are sorted first. */
const MATCHED_ONE_BY_ONE = 64;

/**
 * Whether two lists hold the same rows, in any order (FREE-RES-7). Takes both lists apart, which are
 * made for it. A few rows are matched one by one, each with an equal row of `b` not matched yet:
 * sorting allocates its work arrays at every call. A group's loads and values are finite, so a row
 * beyond range never matches one of them, as in JSON.
 */
function sameRows(a: Row[], b: Row[]): boolean {
  if (a.length !== b.length) return false;
  if (a.length > MATCHED_ONE_BY_ONE) {
    a.sort(byRow);
    b.sort(byRow);
    return a.every((row, i) => sameRow(row, b[i]));
  }
  for (const row of a) {
    let i = 0;
    while (i < b.length && !sameRow(row, b[i])) i++;
    if (i === b.length) return false;
    b[i] = b[b.length - 1] as Row;
    b.pop();
  }
  return true;
}

/** Raeume that are not the group's circuits are RES-15's: durchfluss cannot be paired then. */
function paired(values: ReadonlyMap<string, readonly number[]>, flows: ReadonlyMap<string, readonly number[]>): boolean {
  if (values.size !== flows.size) return false;
  for (const [key, v] of values) if (flows.get(key)?.length !== v.length) return false;
  return true;
}

function valuesByCircuit(rows: readonly [string, number, number][]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const [name, load, value] of rows) {
    const key = circuitKey(name, load);
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  }
  return map;
}

/**
 * The rounding step of the circuits' flowRate, which RES-9, RES-10 and RES-12 each weigh: every
 * reading of the groups that succeeds holds the same flowRates, so it is worked out once per answer.
 */
class FlowRateStep {
  #step: number | undefined;

  of(circuits: () => readonly { flowRate: number }[]): number {
    this.#step ??= stepOf(circuits().map((c) => c.flowRate));
    return this.#step;
  }
}

/** The circuits of every group, in order, gathered in a walk: flatMap goes through the generic path. */
function circuitsOf<R>(groups: readonly { rooms: readonly R[] }[]): R[] {
  const circuits: R[] = [];
  for (const group of groups) for (const room of group.rooms) circuits.push(room);
  return circuits;
}

function circuitsIn(groups: readonly { rooms: readonly unknown[] }[]): number {
  return groups.reduce((n, g) => n + g.rooms.length, 0);
}
