/**
 * Default U-values by building year: IWU/TABULA typology "DE.Gen" (CC BY 4.0) as given in the
 * domain notes, used for an envelope component that has no U-value of its own.
 *
 * Mapping of component kinds to the table's columns (decision, the table has no door column):
 * roof -> roof, ceiling -> top ceiling, wall -> wall (massive), floor -> floor / cellar ceiling,
 * window -> window, door -> window (the glazing value is the closest tabulated opening value).
 * Components toward a heated neighbour (interior walls, ceilings) have no tabulated value: they
 * need a U-value of their own (`checkCalculable` says so).
 */
import { isFiniteNumber } from './numbers.js';
import type { CalcComponent, ComponentKind, UValueSource } from './types.js';

type Column = 'roof' | 'topCeiling' | 'wall' | 'floor' | 'window';

interface YearBand {
  /** Last building year of the band (inclusive); the last band is open-ended. */
  readonly upTo: number;
  readonly values: Readonly<Record<Column, number>>;
}

const band = (upTo: number, roof: number, topCeiling: number, wall: number, floor: number, window: number): YearBand =>
  Object.freeze({ upTo, values: Object.freeze({ roof, topCeiling, wall, floor, window }) });

/** W/m2K; rows as in the domain notes. */
export const TABULA_U_VALUES: readonly YearBand[] = Object.freeze([
  band(1918, 1.32, 1.1, 1.37, 1.02, 3.73),
  band(1948, 1.32, 1.1, 1.37, 1.02, 3.73),
  band(1957, 1.32, 1.1, 1.3, 1.02, 3.73),
  band(1968, 1.2, 1.1, 1.2, 1.02, 3.73),
  band(1978, 0.8, 0.9, 1.0, 1.0, 3.73),
  band(1983, 0.6, 0.6, 0.8, 0.8, 3.0),
  band(1994, 0.4, 0.4, 0.7, 0.6, 2.69),
  band(2001, 0.25, 0.25, 0.5, 0.4, 1.88),
  band(2009, 0.22, 0.22, 0.34, 0.37, 1.47),
  band(2015, 0.15, 0.15, 0.2, 0.25, 1.18),
  band(2022, 0.15, 0.15, 0.18, 0.18, 1.12),
  band(Number.POSITIVE_INFINITY, 0.12, 0.12, 0.14, 0.14, 1.12),
]);

const COLUMN_OF: Readonly<Record<ComponentKind, Column>> = Object.freeze({
  roof: 'roof',
  ceiling: 'topCeiling',
  wall: 'wall',
  floor: 'floor',
  window: 'window',
  door: 'window',
});

/** The tabulated U-value (W/m2K) of a component kind for a building year. */
export function defaultUValue(kind: ComponentKind, buildingYear: number): number {
  const row = TABULA_U_VALUES.find((b) => buildingYear <= b.upTo) ?? TABULA_U_VALUES[TABULA_U_VALUES.length - 1]!;
  return row.values[COLUMN_OF[kind]];
}

export interface ResolvedUValue {
  value: number;
  source: UValueSource;
}

/**
 * The component's own U-value, else the default for the building year (envelope components
 * only), else undefined (not calculable).
 */
export function resolveUValue(component: CalcComponent, buildingYear: number | undefined): ResolvedUValue | undefined {
  if (isFiniteNumber(component.uValue)) return { value: component.uValue, source: 'input' };
  if (component.adjacency === 'heated' || !isFiniteNumber(buildingYear)) return undefined;
  return { value: defaultUValue(component.kind, buildingYear), source: 'default' };
}
