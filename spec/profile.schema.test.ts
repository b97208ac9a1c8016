import { describe, expect, it } from 'vitest';
import { PROJECT_KEY_PATTERN } from './contract/common.js';
import { FUNDING_STATUSES } from './contract/funding.js';
import { PROFILE_FUNDING_STATUSES, PROFILE_PROJECT_KEY_PATTERN } from './profile.schema.js';

describe('profile schema', () => {
  it('states the funding statuses and the project key form exactly as the contract does', () => {
    expect([...PROFILE_FUNDING_STATUSES]).toEqual([...FUNDING_STATUSES]);
    expect(PROFILE_PROJECT_KEY_PATTERN.source).toBe(PROJECT_KEY_PATTERN.source);
  });
});
