import { describe, expect, it } from 'vitest';
import { matchesReadBack, projectWriteBody, readBackOf, sameShownValue } from './sequence-normalisation.js';

describe('project read-back normalisation', () => {
  it('expects what the field table makes of a value', () => {
    expect(readBackOf('projektName', 40117)).toEqual({ kind: 'text', text: '40117' });
    expect(readBackOf('projektName', null)).toEqual({ kind: 'emptyText' });
    expect(readBackOf('projektBewohner', '12,0')).toEqual({ kind: 'number', number: 12 });
    expect(readBackOf('projektArtHeizung', '')).toEqual({ kind: 'deleted' });
    expect(readBackOf('projektWaermeerzeugerSolarStatus', 1)).toEqual({ kind: 'on' });
    expect(readBackOf('plz', '01234')).toEqual({ kind: 'digits', text: '01234' });
    expect(readBackOf('email', null)).toEqual({ kind: 'deleted' });
  });

  it('has no expectation where the table is doubtful or the value invalid', () => {
    for (const [field, value] of [['projektName', 1.5], ['ort', ' Bonn'], ['projektArtHeizung', 7], ['projektBaujahr', '+1990'], ['projektWaermeerzeugerHolzStatus', 'yes'], ['plz', '123'], ['projektPostleitzahl', '']] as const) {
      expect(readBackOf(field, value), `${field} ${JSON.stringify(value)}`).toBeUndefined();
    }
  });

  it('accepts every spelling the freedoms permit, and no other value', () => {
    expect(matchesReadBack({ kind: 'number', number: 12000.5 }, '12000,50')).toBe(true);
    expect(matchesReadBack({ kind: 'number', number: 3 }, 3)).toBe(true);
    expect(matchesReadBack({ kind: 'number', number: 3 }, '4')).toBe(false);
    expect(matchesReadBack({ kind: 'digits', text: '12345' }, 12345)).toBe(true);
    expect(matchesReadBack({ kind: 'digits', text: '01234' }, 1234)).toBe(false);
    expect(matchesReadBack({ kind: 'deleted' }, undefined)).toBe(true);
    expect(matchesReadBack({ kind: 'emptyText' }, null)).toBe(false);
    expect(matchesReadBack({ kind: 'on' }, true)).toBe(false);
    expect(sameShownValue('', null)).toBe(true);
    expect(sameShownValue('1968', 1968)).toBe(true);
    expect(sameShownValue('a', 'b')).toBe(false);
  });

  it('reads what a write body names', () => {
    const one = projectWriteBody({ kind: 'json', value: { projektData: { ort: 'x' } } }, true);
    expect(one.fields).toEqual({ ort: 'x' });
    const both = projectWriteBody({ kind: 'json', value: { projectData: { ort: 'x' }, projektData: { name: 'y' }, plz: '1234' } }, true);
    expect(both.fields).toBeUndefined();
    expect([...(both.touched as Set<string>)].sort()).toEqual(['name', 'ort', 'plz']);
    expect(projectWriteBody({ kind: 'not-json', text: '{' }, true).touched).toBe('all');
    expect(projectWriteBody({ kind: 'none' }, false).touched).toBe('all');
  });
});
