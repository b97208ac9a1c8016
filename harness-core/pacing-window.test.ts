import { describe, expect, it } from 'vitest';
import { createPacingWindow } from './pacing-window.js';

describe('pacing window', () => {
  it('grants two at once, then waits for a completion plus one second', () => {
    const w = createPacingWindow(2, 1000, 5);
    expect(w.waitMs(0)).toBe(0);
    w.grant();
    expect(w.waitMs(0)).toBe(0);
    w.grant();
    expect(w.waitMs(10)).toBe(Infinity);
    w.complete(40);
    expect(w.waitMs(50)).toBe(995);
    w.complete(60);
    expect(w.waitMs(100)).toBe(945);
    expect(w.waitMs(1045)).toBe(0);
    w.grant();
    expect(w.waitMs(1046)).toBe(19);
  });

  it('counts time from the response, so a slow response delays the next grants', () => {
    const w = createPacingWindow(2, 1000, 0);
    w.grant();
    w.grant();
    w.complete(5);
    w.complete(900);
    expect(w.waitMs(1004)).toBe(1);
    expect(w.waitMs(1005)).toBe(0);
    w.grant();
    expect(w.waitMs(1005)).toBe(895);
  });

  it('grants a whole lane (two slots) only when both are free', () => {
    const w = createPacingWindow(2, 1000, 0);
    w.grant();
    expect(w.waitMs(0, 2)).toBe(Infinity);
    w.complete(100);
    expect(w.waitMs(200, 2)).toBe(900);
    expect(w.waitMs(1100, 2)).toBe(0);
    w.grant(2);
    expect(w.waitMs(1100)).toBe(Infinity);
  });

  it('remembers when the last response arrived, also once it has left the window', () => {
    const w = createPacingWindow(2, 1000, 0);
    expect(w.lastCompletion()).toBeUndefined();
    w.grant(2);
    w.complete(300);
    w.complete(200);
    expect(w.waitMs(5000)).toBe(0);
    expect(w.lastCompletion()).toBe(300);
  });
});
