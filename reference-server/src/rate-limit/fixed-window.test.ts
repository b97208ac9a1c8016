import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from './fixed-window.js';

describe('fixed-window limiter for invalid tokens', () => {
  it('admits the limit per window and resets after it', () => {
    const limiter = createFixedWindowLimiter(3, 1000);
    expect([0, 1, 2, 3].map((t) => limiter.tryAdmit('ip', t))).toEqual([true, true, true, false]);
    expect(limiter.tryAdmit('other', 3)).toBe(true);
    expect(limiter.tryAdmit('ip', 1000)).toBe(true);
  });
});
