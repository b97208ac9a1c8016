import { describe, expect, it } from 'vitest';
import { customerProgress, PROGRESS_EVERY_MS } from './customer-progress.js';

describe('the progress of init over many customers', () => {
  it('says how far it is every few seconds and at the end, and nothing for a handful of customers', async () => {
    let clock = 0;
    const lines: string[] = [];
    const counted = customerProgress(20, (line) => lines.push(line), () => clock);
    for (let i = 0; i < 20; i++) {
      clock += PROGRESS_EVERY_MS / 4;
      await counted(Promise.resolve(i));
    }
    expect(lines).toEqual(['init: 4 of 20 customers read (5 s)', 'init: 8 of 20 customers read (10 s)', 'init: 12 of 20 customers read (15 s)', 'init: 16 of 20 customers read (20 s)', 'init: 20 of 20 customers read (25 s)']);

    const few: string[] = [];
    const small = customerProgress(3, (line) => few.push(line), () => (clock += PROGRESS_EVERY_MS));
    await Promise.all([1, 2, 3].map((i) => small(Promise.resolve(i))));
    expect(few).toEqual([]);
  });
});
