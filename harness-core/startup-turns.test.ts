import { describe, expect, it } from 'vitest';
import { createStartupTurns } from './startup-turns.js';

async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('startup turns', () => {
  it('gives one turn per slot and the next one as a turn comes back', async () => {
    const turns = createStartupTurns(2);
    const got: number[] = [];
    for (const i of [1, 2, 3]) void turns.take().then(() => got.push(i));
    await settled();
    expect(got).toEqual([1, 2]);
    turns.giveBack();
    await settled();
    expect(got).toEqual([1, 2, 3]);
    turns.close();
  });

  it('serves waiting workers by priority, then in arrival order', async () => {
    const turns = createStartupTurns(1);
    await turns.take();
    const got: string[] = [];
    for (const [name, priority] of [['light', 1], ['heavy', 9], ['light too', 1]] as const) void turns.take(priority).then(() => got.push(name));
    for (let i = 0; i < 3; i += 1) {
      turns.giveBack();
      await settled();
    }
    expect(got).toEqual(['heavy', 'light', 'light too']);
    turns.close();
  });

  it('takes back a turn held too long, so a worker that died while loading stalls nobody', async () => {
    const turns = createStartupTurns(1, 20);
    await turns.take();
    let second = false;
    void turns.take().then(() => (second = true));
    await settled();
    expect(second).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(second).toBe(true);
    turns.close();
  });

  it('ignores a turn given back twice: never more turns out than slots', async () => {
    const turns = createStartupTurns(1);
    await turns.take();
    turns.giveBack();
    turns.giveBack();
    const got: number[] = [];
    for (const i of [1, 2]) void turns.take().then(() => got.push(i));
    await settled();
    expect(got).toEqual([1]);
    turns.close();
  });
});
