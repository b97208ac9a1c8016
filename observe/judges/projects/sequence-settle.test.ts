import { describe, expect, it } from 'vitest';
import { SETTLE_MS, Settler } from './sequence-settle.js';

describe('settler', () => {
  it('runs a judgement once the recording has passed its moment, or at the end', () => {
    const settler = new Settler();
    const ran: string[] = [];
    settler.after(1000, () => ran.push('early'));
    settler.after(5000, () => ran.push('late'));
    settler.advance(1000 + SETTLE_MS - 1);
    expect(ran).toEqual([]);
    settler.advance(1000 + SETTLE_MS);
    expect(ran).toEqual(['early']);
    settler.flush();
    expect(ran).toEqual(['early', 'late']);
  });
});
