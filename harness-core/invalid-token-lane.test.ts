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
  it('takes the documented limit less what the blocked lane adds in one window (2 per second)', () => {
    expect(invalidTokenLane(profile(true, { requests: 60, windowSeconds: 5 }))).toEqual({ customer: '#invalid-token', limit: 50, windowMs: 5000 });
  });

  it('takes the whole documented limit when the profile has no blocked customer', () => {
    expect(invalidTokenLane(profile(false, { requests: 60, windowSeconds: 5 })).limit).toBe(60);
  });

  it('never goes below half the documented limit, and stays at half a guessed one', () => {
    expect(invalidTokenLane(profile(true, { requests: 10, windowSeconds: 10 })).limit).toBe(5);
    expect(invalidTokenLane(profile(true))).toEqual({ customer: '#invalid-token', limit: 15, windowMs: 10_000 });
  });
});
