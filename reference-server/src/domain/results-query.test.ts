import { describe, expect, it } from 'vitest';
import { rejection } from '../../test/support/field-rejection.js';
import { DEFAULT_SYSTEM, parseSystemTemperatures } from './results-query.js';

/** The field a 422 validation refusal of the query names. */
function fieldOf(query: Record<string, unknown>): string | undefined {
  const error = rejection(() => parseSystemTemperatures(query));
  expect(error.status).toBe(422);
  expect(error.details.type).toBe('validation');
  return error.details.field;
}

describe('results system temperatures', () => {
  it('defaults when none is given', () => {
    expect(parseSystemTemperatures({})).toEqual(DEFAULT_SYSTEM);
  });

  it.each([
    [{ flowTemperature: '25', spread: '5' }, 25, 5],
    [{ flowTemperature: '95', spread: '94.9' }, 95, 94.9],
    [{ vorlaufT: '45', spreizung: '7' }, 45, 7],
    [{ flowTemperature: '45,5', spread: '7,5' }, 45.5, 7.5],
    [{ flowTemperature: '40', vorlaufT: '70', spread: '5', spreizung: '20' }, 40, 5],
    [{ flowTemperature: '40', vorlaufT: 'kaputt', spread: '5', spreizung: '-1' }, 40, 5],
    [{ vorlaufT: '60', spread: '15' }, 60, 15],
    [{ flowTemperature: '45', spread: '7e0' }, 45, 7],
    [{ flowTemperature: '4.5e1', spread: '7' }, 45, 7],
    [{ flowTemperature: '4.5E+1', spread: '70e-1' }, 45, 7],
    [{ vorlaufT: '+45.', spreizung: '.7e1' }, 45, 7],
    [{ flowTemperature: ' 4,5e1 ', spread: '7,5' }, 45, 7.5],
    [{ flowTemperature: '25', spread: '0.1' }, 25, 0.1],
    [{ vorlaufT: '45', spreizung: '0,1' }, 45, 0.1],
    [{ flowTemperature: '45', spread: '1e-1' }, 45, 0.1],
  ])('%j -> %d/%d', (query, flow, spread) => {
    expect(parseSystemTemperatures(query)).toEqual({ flowTemperature: flow, spread });
  });

  it.each([
    [{ flowTemperature: '24.9', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '95.1', spread: '5' }, 'flowTemperature'],
    [{ vorlaufT: '100', spreizung: '5' }, 'vorlaufT'],
    [{ flowTemperature: '40', spread: '0' }, 'spread'],
    [{ flowTemperature: '40', spread: '40' }, 'spread'],
    [{ flowTemperature: '40', spreizung: '-3' }, 'spreizung'],
    [{ flowTemperature: 'warm', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: ['40', '50'], spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '40' }, 'spread'],
    [{ spreizung: '5' }, 'flowTemperature'],
    [{ flowTemperature: '1e2', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '1e400', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: 'Infinity', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '0x2d', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '', spread: '5' }, 'flowTemperature'],
    [{ flowTemperature: '45', spread: '1e-400' }, 'spread'],
    [{ flowTemperature: '45', spread: 'e1' }, 'spread'],
    [{ vorlaufT: '45', spreizung: '-0,05' }, 'spreizung'],
  ])('%j is 422 naming %s', (query, field) => {
    expect(fieldOf(query)).toBe(field);
  });

  it('takes every spread above 0 the spec admits, however small', () => {
    expect(parseSystemTemperatures({ flowTemperature: '45', spread: '5e-324' })).toEqual({ flowTemperature: 45, spread: 5e-324 });
  });
});
