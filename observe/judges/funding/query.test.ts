import { describe, expect, it } from 'vitest';
import { ExchangeView } from '../../judge/exchange-view.js';
import { exchangeOf } from '../testing/exchange-builder.js';
import { listQueryOf, readValue } from './query.js';

const queryOf = (query: string) => listQueryOf(new ExchangeView(exchangeOf({ path: `/funding/applications${query}`, status: 200 }), 0));

describe('funding list query', () => {
  it('reads values as the spec settles them, and leaves the other spellings undecided', () => {
    const cases: [string, string][] = [
      ['1', 'valid'], ['100', 'valid'], ['101', 'out-of-range'], ['0', 'out-of-range'], ['-5', 'out-of-range'], ['-0', 'out-of-range'], ['0101', 'out-of-range'],
      ['99999999999999999999', 'out-of-range'], ['1.5', 'not-integer'], ['-1.5', 'not-integer'], ['abc', 'not-integer'], ['', 'not-integer'],
      ['01', 'undecided'], ['1.0', 'undecided'], ['1e2', 'undecided'], [' 1', 'undecided'], ['1abc', 'undecided'],
    ];
    expect(cases.map(([value]) => [value, readValue(value, 'limit')])).toEqual(cases);
    expect(readValue('1000000', 'page')).toBe('valid');
    expect(readValue('1000001', 'page')).toBe('out-of-range');
  });

  it('finds unknown names, fills in the defaults of a clean query, and gives up on what does not decode', () => {
    expect(queryOf('')).toEqual({ unknown: [], clean: { page: 1, limit: 50, pageGiven: false, limitGiven: false } });
    expect(queryOf('?page=2&limit=10')?.clean).toEqual({ page: 2, limit: 10, pageGiven: true, limitGiven: true });
    expect(queryOf('?Limit=10&page=1')).toEqual({ unknown: ['Limit'], page: 'valid' });
    expect(queryOf('?page=1&page=2')).toEqual({ unknown: [], page: 'undecided' });
    expect(queryOf('?page')).toEqual({ unknown: [], page: 'undecided' });
    expect(queryOf('?page=%E0')).toBeUndefined();
    expect(queryOf('?=1')).toBeUndefined();
    expect(queryOf('?limit=+1')?.limit).toBe('undecided');
  });
});
