import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import postalCodes from 'german-postal-codes/index.json' with { type: 'json' };
import { designOutdoorTemperature, hasClimateData } from './design-temperatures.js';
import {
  CODES_WITHOUT_CLIMATE_DATA,
  REGION_DESIGN_TEMPERATURES,
} from './region-design-temperatures.js';

const ISLANDS = {
  Borkum: '26757',
  Juist: '26571',
  Norderney: '26548',
  Baltrum: '26579',
  Langeoog: '26465',
  Spiekeroog: '26474',
  Wangerooge: '26486',
  Helgoland: '27498',
};

describe('design outdoor temperature', () => {
  it('reproduces the published points Berlin 10178 (-11.2) and Muenchen 80939 (-12.9)', () => {
    expect(designOutdoorTemperature('10178')).toBe(-11.2);
    expect(designOutdoorTemperature('80939')).toBe(-12.9);
    expect(hasClimateData('10178')).toBe(true);
    expect(hasClimateData('80939')).toBe(true);
  });

  it.each(Object.entries(ISLANDS))('%s %s exists as a postal code but has no climate data', (_island, code) => {
    expect(postalCodes).toContain(code);
    expect(designOutdoorTemperature(code)).toBeUndefined();
    expect(hasClimateData(code)).toBe(false);
  });

  it('excludes exactly the documented island codes', () => {
    expect([...CODES_WITHOUT_CLIMATE_DATA].sort()).toEqual(Object.values(ISLANDS).sort());
  });

  it.each(['00000', '99999', '1234', '123456', 'abcde', '', ' 10178', '10178 ', '1017a', '١٠١٧٨'])(
    'rejects %j (not an existing 5-digit postal code)',
    (code) => {
      expect(designOutdoorTemperature(code)).toBeUndefined();
      expect(hasClimateData(code)).toBe(false);
    },
  );

  it('has a value for every existing postal code except the documented islands', () => {
    const missing = postalCodes.filter((code) => !CODES_WITHOUT_CLIMATE_DATA.has(code) && !hasClimateData(code));
    expect(missing).toEqual([]);
  });

  it('covers exactly the two-digit regions that have postal codes', () => {
    const regions = [...new Set(postalCodes.map((code) => code.slice(0, 2)))].sort();
    expect([...REGION_DESIGN_TEMPERATURES.keys()].sort()).toEqual(regions);
  });

  it.each([...REGION_DESIGN_TEMPERATURES])('region %s: %d C is plausible (-20 to -5, one decimal)', (_region, t) => {
    expect(t).toBeGreaterThanOrEqual(-20);
    expect(t).toBeLessThanOrEqual(-5);
    expect(Math.round(t * 10) / 10).toBe(t);
  });

  it('keeps the climatic order: Rhine valley milder than Berlin, uplands and Alps colder than Muenchen', () => {
    const region = (r: string): number => REGION_DESIGN_TEMPERATURES.get(r) ?? Number.NaN;
    for (const berlin of ['10', '11', '12', '13']) expect(region(berlin)).toBe(-11.2);
    for (const rhine of ['40', '50', '68', '76']) expect(region(rhine)).toBeGreaterThan(region('10'));
    for (const cold of ['09', '83', '87', '94', '95', '98']) expect(region(cold)).toBeLessThan(region('80'));
    for (const coast of ['18', '24', '25', '26']) expect(region(coast)).toBeGreaterThanOrEqual(-10.5);
  });

  it('answers exactly for existing, non-excluded codes and never for other strings', () => {
    const existing = new Set(postalCodes);
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[0-9]{5}$/), fc.constantFrom(...postalCodes), fc.string()), (code) => {
        expect(hasClimateData(code)).toBe(existing.has(code) && !CODES_WITHOUT_CLIMATE_DATA.has(code));
      }),
    );
  });
});
