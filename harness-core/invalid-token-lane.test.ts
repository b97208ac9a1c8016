import { describe, expect, it } from 'vitest';
import { parseProfile } from '../spec/profile.schema.js';
import { invalidTokenLane } from './invalid-token-lane.js';

const profile = (blocked: boolean, invalidTokenPerIp?: { requests: number; windowSeconds: number }) =>
  parseProfile(
    {
      name: 'test',
      siteUrl: 'http://127.0.0.1:1',
      customers: { primary: { tokens: ['p'] }, ...(blocked ? { blocked: { tokens: ['b'] } } : {}) },
      ...(invalidTokenPerIp ? { limits: { invalidTokenPerIp } } : {}),
    },
    'test',
  );

describe('the invalid-token lane', () => {
  it('takes the documented limit less the preflight\'s one blocked request (the blocked lane takes its grants in this lane too)', () => {
    expect(invalidTokenLane(profile(true, { requests: 60, windowSeconds: 5 }))).toEqual({ customer: '#invalid-token', limit: 59, windowMs: 5000 });
    expect(invalidTokenLane(profile(true, { requests: 30, windowSeconds: 60 })).limit).toBe(29);
  });

  it('takes the whole documented limit when the profile has no blocked customer', () => {
    expect(invalidTokenLane(profile(false, { requests: 60, windowSeconds: 5 })).limit).toBe(60);
  });

  it('stays at half a guessed limit', () => {
    expect(invalidTokenLane(profile(true))).toEqual({ customer: '#invalid-token', limit: 15, windowMs: 10_000 });
  });
});
