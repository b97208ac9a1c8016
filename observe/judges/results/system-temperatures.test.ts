import { describe, expect, it } from 'vitest';
import { systemTemperaturesOf, verdictOf } from './system-temperatures.js';

const verdict = (query: string) => {
  const t = systemTemperaturesOf(new URLSearchParams(query));
  return t ? verdictOf(t.flow.taken, t.spread.taken) : 'not both given';
};

describe('system temperatures of a results query', () => {
  it('reads plain decimals as every target does', () => {
    expect(verdict('flowTemperature=25&spread=5')).toEqual({ kind: 'valid' });
    expect(verdict('flowTemperature=95&spread=94.5')).toEqual({ kind: 'valid' });
    expect(verdict('vorlaufT=55&spreizung=10')).toEqual({ kind: 'valid' });
    expect(verdict('flowTemperature=24.9&spread=5')).toEqual({ kind: 'invalid', flow: true, spread: false });
    expect(verdict('flowTemperature=50&spread=50')).toEqual({ kind: 'invalid', flow: false, spread: true });
    expect(verdict('flowTemperature=warm&spread=-1')).toEqual({ kind: 'invalid', flow: true, spread: true });
  });

  it('leaves open what FREE-RES-4 lets a target read or refuse, and what the spec does not say', () => {
    // An exponent is read as 45 or refused: valid or invalid.
    expect(verdict('flowTemperature=4.5e1&spread=7')).toEqual({ kind: 'open' });
    // Out of range however it is read.
    expect(verdict('flowTemperature=9.6e1&spread=7')).toEqual({ kind: 'invalid', flow: true, spread: false });
    // "`spreizung`: older alias of `spread`, greater than 0": nothing about the flow temperature.
    expect(verdict('vorlaufT=40&spreizung=45')).toEqual({ kind: 'open' });
    expect(verdict('flowTemperature=40')).toBe('not both given');
    expect(verdict('flowTemperature=40&flowTemperature=41&spread=5')).toBe('not both given');
    expect(verdict('flowTemperature=&spread=5')).toBe('not both given');
    expect(verdict('flowTemperature=40abc&spread=5')).toBe('not both given');
  });

  it('takes the current name over its alias', () => {
    expect(verdict('flowTemperature=35&vorlaufT=200&spread=5')).toEqual({ kind: 'valid' });
    expect(verdict('flowTemperature=200&vorlaufT=35&spread=5')).toEqual({ kind: 'invalid', flow: true, spread: false });
  });
});
