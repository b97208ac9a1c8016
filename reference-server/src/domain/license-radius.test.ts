import { describe, expect, it } from 'vitest';
import { withinLicenseRadius } from './license-radius.js';
import type { Customer } from '../store/customers.js';

const customer = (licenseRegions: string): Customer => ({
  id: 1,
  name: 'c',
  license: 'annual',
  unlocked: true,
  blocked: false,
  heatpumpRight: true,
  licenseCenterPlz: '10178',
  licenseRadiusKm: 350,
  licenseRegions,
});

describe('license radius', () => {
  it('covers the listed two-digit regions only', () => {
    expect(withinLicenseRadius(customer('10,12,13'), '10178')).toBe(true);
    expect(withinLicenseRadius(customer('10,12,13'), '80331')).toBe(false);
    expect(withinLicenseRadius(customer('*'), '80331')).toBe(true);
  });

  it('leaves a project without postal code to the calculation (422), not the radius (403)', () => {
    expect(withinLicenseRadius(customer('10'), undefined)).toBe(true);
    expect(withinLicenseRadius(customer('10'), '')).toBe(true);
  });
});
