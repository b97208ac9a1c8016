import { describe, expect, it } from 'vitest';
import { RequestTurns } from './request-turns.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('turns of the probes\' requests', () => {
  it('lets one request at a time go to a target that answers in a millisecond', async () => {
    let clock = 0;
    const turns = new RequestTurns(() => clock);
    for (let i = 0; i < 80; i++) turns.startLane();
    const end = await turns.take();
    clock += 1;
    end();
    expect(turns.limit()).toBe(1);
    const first = await turns.take();
    let second = false;
    void turns.take().then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    first();
    first();
    await tick();
    expect(second).toBe(true);
    // Ended twice, the first turn still freed one place only: a third waits for the second.
    let third = false;
    void turns.take().then(() => (third = true));
    await tick();
    expect(third).toBe(false);
  });

  it('lets as many go to a far target as the lanes\' pace keeps on the way', async () => {
    let clock = 0;
    const turns = new RequestTurns(() => clock);
    for (let i = 0; i < 10; i++) turns.startLane();
    const end = await turns.take();
    clock += 100;
    end();
    // 10 lanes at 2 per second, 0.1 s each, twice over.
    expect(turns.limit()).toBe(4);
    for (let i = 0; i < 5; i++) turns.endLane();
    expect(turns.limit()).toBe(2);
  });
});
