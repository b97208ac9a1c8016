/**
 * Design outdoor temperature per German postal code: the single place the rest of the server asks
 * about climate data, so a licensed DIN/TS 12831-1 table can replace the open substitute here
 * without touching callers.
 *
 * Sources and licences:
 * - Which postal codes exist: npm package `german-postal-codes` 2.0.0 by Jannis R
 *   (https://github.com/derhuerst/german-postal-codes), ISC licence.
 * - Temperatures: `region-design-temperatures.ts`, an open substitute written for this kit (one
 *   documented value per two-digit postal region), not the licensed normative table.
 */
import postalCodes from 'german-postal-codes/index.json' with { type: 'json' };
import { CODES_WITHOUT_CLIMATE_DATA, REGION_DESIGN_TEMPERATURES } from './region-design-temperatures.js';

const EXISTING_POSTAL_CODES: ReadonlySet<string> = new Set(postalCodes);

/**
 * The design outdoor temperature in degrees C, or undefined when the service has no climate data
 * for the code (not an existing 5-digit German postal code, or an island without a value).
 */
export function designOutdoorTemperature(postalCode: string): number | undefined {
  if (!EXISTING_POSTAL_CODES.has(postalCode) || CODES_WITHOUT_CLIMATE_DATA.has(postalCode)) return undefined;
  return REGION_DESIGN_TEMPERATURES.get(postalCode.slice(0, 2));
}

/** The spec's "must exist in the climate data of the service" for `projektPostleitzahl`. */
export function hasClimateData(postalCode: string): boolean {
  return designOutdoorTemperature(postalCode) !== undefined;
}
