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

  it('runs judgements due out of order in the order they came, and keeps the others waiting', () => {
    const settler = new Settler();
    const ran: string[] = [];
    settler.after(3000, () => ran.push('a'));
    settler.after(1000, () => ran.push('b'));
    settler.after(2000, () => ran.push('c'));
    settler.after(9000, () => ran.push('d'));
    settler.advance(2000 + SETTLE_MS);
    expect(ran).toEqual(['b', 'c']);
    settler.after(4000, () => ran.push('e'));
    settler.advance(4000 + SETTLE_MS);
    expect(ran).toEqual(['b', 'c', 'a', 'e']);
    settler.flush();
    expect(ran).toEqual(['b', 'c', 'a', 'e', 'd']);
  });

  it('runs the first judgements in order as they fall due, one exchange after another', () => {
    const settler = new Settler();
    const ran: number[] = [];
    for (let i = 0; i < 10; i++) settler.after(i * 1000, () => ran.push(i));
    for (let i = 0; i < 10; i += 3) settler.advance(i * 1000 + SETTLE_MS);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    settler.after(20_000, () => ran.push(20));
    settler.advance(19_000 + SETTLE_MS);
    expect(ran).toHaveLength(10);
    settler.flush();
    expect(ran.at(-1)).toBe(20);
  });
});
