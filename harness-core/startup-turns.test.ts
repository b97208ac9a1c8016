import { describe, expect, it } from 'vitest';
import { createStartupTurns, sharedStartupTurns, shareStartupTurns } from './startup-turns.js';

async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('startup turns', () => {
  it('gives one turn per slot and the next one as a turn comes back', async () => {
    const turns = createStartupTurns(2);
    const got: number[] = [];
    const first = turns.take();
    void first.then(() => got.push(1));
    for (const i of [2, 3]) void turns.take().then(() => got.push(i));
    await settled();
    expect(got).toEqual([1, 2]);
    turns.giveBack(await first);
    await settled();
    expect(got).toEqual([1, 2, 3]);
    turns.close();
  });

  it('serves waiting workers in the order they asked', async () => {
    const turns = createStartupTurns(1);
    let current = await turns.take();
    const got: string[] = [];
    for (const name of ['lead file', 'next', 'last']) {
      void turns.take().then((turn) => {
        got.push(name);
        current = turn;
      });
    }
    for (let i = 0; i < 3; i += 1) {
      turns.giveBack(current);
      await settled();
    }
    expect(got).toEqual(['lead file', 'next', 'last']);
    turns.close();
  });

  it('takes back a turn held too long, so a worker that died while loading stalls nobody', async () => {
    const turns = createStartupTurns(1, { maxHoldMs: 20 });
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
    const turn = await turns.take();
    turns.giveBack(turn);
    turns.giveBack(turn);
    const got: number[] = [];
    for (const i of [1, 2]) void turns.take().then(() => got.push(i));
    await settled();
    expect(got).toEqual([1]);
    turns.close();
  });

  it('a turn given back after it was taken back ends nothing: the turn handed on meanwhile holds', async () => {
    const turns = createStartupTurns(1, { maxHoldMs: 50 });
    const late = await turns.take();
    // Granted when the first turn is taken back, 50 ms on; it is itself taken back 50 ms later.
    const handedOn = turns.take();
    await handedOn;
    turns.giveBack(late);
    let third = false;
    void turns.take().then(() => (third = true));
    await settled();
    expect(third).toBe(false);
    turns.giveBack(await handedOn);
    await settled();
    expect(third).toBe(true);
    turns.close();
  });
});

describe('start turns shared in the process', () => {
  it('reach another module instance through the process-wide registry, and are gone once unshared', () => {
    const turns = createStartupTurns(1);
    shareStartupTurns(turns);
    const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('cpf-conformance.startupTurns')];
    expect(shared).toBe(turns);
    expect(sharedStartupTurns()).toBe(turns);
    shareStartupTurns(undefined);
    expect(sharedStartupTurns()).toBeUndefined();
    turns.close();
  });
});
