/**
 * Whether the stored project data suffice for a calculation. Returns the first German reason why
 * not (for the 422 `calculation_unavailable` answer), or undefined when `calculateResults` can run.
 *
 * Values are checked at runtime although the types say `number`: storage may hand over missing
 * (undefined/null) or unusable (NaN) values. Areas, heights and nominal outputs must be > 0.
 */
import { resolveUValue } from './default-u-values.js';
import { isFiniteNumber } from './numbers.js';
import type { CalcComponent, CalcInput, CalcRoom, ComponentKind } from './types.js';

const KIND_DE: Readonly<Record<ComponentKind, string>> = Object.freeze({
  wall: 'Wand',
  window: 'Fenster',
  door: 'Tür',
  floor: 'Fußboden',
  ceiling: 'Decke',
  roof: 'Dach',
});

const isPositive = (value: unknown): boolean => isFiniteNumber(value) && value > 0;

function componentReason(component: CalcComponent, index: number, buildingYear: number | undefined): string | undefined {
  const label = `Bauteil ${index + 1} (${KIND_DE[component.kind] ?? String(component.kind)})`;
  if (!isPositive(component.area)) return `${label}: Fläche fehlt.`;
  if (component.adjacency === 'heated' && !isFiniteNumber(component.adjacentTemperature)) {
    return `${label} grenzt an einen beheizten Raum, dessen Temperatur fehlt.`;
  }
  if (isFiniteNumber(component.uValue)) return component.uValue < 0 ? `${label}: U-Wert ist ungültig.` : undefined;
  if (resolveUValue(component, buildingYear) !== undefined) return undefined;
  return component.adjacency === 'heated'
    ? `${label} zu einem beheizten Raum hat keinen U-Wert (dafür gibt es keinen Standardwert).`
    : `${label} hat keinen U-Wert, und ohne Baujahr gibt es keinen Standardwert.`;
}

function roomReason(room: CalcRoom, buildingYear: number | undefined): string | undefined {
  if (!isPositive(room.area)) return 'Raumfläche fehlt.';
  if (!isPositive(room.height)) return 'Raumhöhe fehlt.';
  if (!isFiniteNumber(room.indoorTemperature)) return 'Raumtemperatur fehlt.';
  if (!Array.isArray(room.components) || room.components.length === 0) return 'keine Bauteile (Wände, Fenster, Decken, ...) erfasst.';
  for (const [i, c] of room.components.entries()) {
    const reason = componentReason(c, i, buildingYear);
    if (reason !== undefined) return reason;
  }
  for (const r of room.radiators ?? []) {
    if (!isPositive(r.nominalOutput)) return `Heizkörper ${r.id} ohne Normleistung.`;
  }
  for (const s of room.heatingSurfaces ?? []) {
    if (!isPositive(s.area)) return `Heizfläche ${s.id} ohne Fläche.`;
  }
  return undefined;
}

export function checkCalculable(input: CalcInput): string | undefined {
  if (typeof input.postalCode !== 'string' || input.postalCode.trim() === '') return 'Keine Postleitzahl im Projekt erfasst.';
  if (!isFiniteNumber(input.designOutdoorTemperature)) {
    return `Für die Postleitzahl ${input.postalCode} liegen keine Klimadaten (Norm-Außentemperatur) vor.`;
  }
  if (!Array.isArray(input.rooms) || input.rooms.length === 0) return 'Keine Räume erfasst.';
  const buildingYear = isFiniteNumber(input.buildingYear) ? input.buildingYear : undefined;
  for (const room of input.rooms) {
    const reason = roomReason(room, buildingYear);
    if (reason !== undefined) return `Raum "${room.name || room.id}": ${reason}`;
  }
  return undefined;
}
