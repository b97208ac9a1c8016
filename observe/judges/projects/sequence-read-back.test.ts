import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { projectReadBackJudge } from './sequence-read-back.js';
import { at, creation, detail, health, patch, settledBy, TOKEN } from './sequence-testing.js';

const read = (s: number, data: Record<string, unknown>, answer = 200, token = TOKEN): ExchangeSpec => detail(s, { data, answer, token });

describe('project read-back judge', () => {
  it('settles a judgement at an exchange it does not read, once the recording has passed it', () => {
    const specs = [patch(0, { ort: 'Kiel' }), read(1, { ort: 'Kiel' })];
    expect(settledBy(projectReadBackJudge, specs, ['PROJ-119'])).toEqual({ 'PROJ-119': 'not-observed 0/0' });
    expect(settledBy(projectReadBackJudge, [...specs, health(10)], ['PROJ-119'])).toEqual({ 'PROJ-119': 'pass 1/0' });
  });

  it('passes values read back normalized after a PATCH, in every permitted spelling', () => {
    const o = observed([projectReadBackJudge], [
      patch(0, { projektName: 4711, ort: null, projektBewohner: '3', projektJahresverbrauch: '12000,5', plz: '01234', projektWaermeerzeugerSolarStatus: 1, projektArtHeizung: '' }),
      read(1, { projektName: '4711', ort: '', projektBewohner: 3, projektJahresverbrauch: '12000,50', plz: '01234', projektWaermeerzeugerSolarStatus: 'on' }),
    ]);
    expect(verdictsOf(o, ['PROJ-18', 'PROJ-63', 'PROJ-66', 'PROJ-43', 'PROJ-27', 'PROJ-119'])).toEqual({
      'PROJ-18': 'pass 1/0', 'PROJ-63': 'pass 1/0', 'PROJ-66': 'pass 1/0', 'PROJ-43': 'pass 1/0', 'PROJ-27': 'pass 1/0', 'PROJ-119': 'pass 2/0',
    });
  });

  it('fails a value the next read shows otherwise, a refused deletion, and a creation answered before filling', () => {
    const o = observed([projectReadBackJudge], [
      patch(0, { plz: '01234', email: null, projektWaermeerzeugerHolzStatus: 'off' }),
      read(1, { plz: 1234, email: 'alt@example.org', projektWaermeerzeugerHolzStatus: 'off' }),
      patch(2, { projektBaujahr: '' }, { answer: 422 }),
      creation(3, { sent: { projektName: 'Haus' }, data: { projektName: '' } }),
      read(4, { projektName: 'Haus' }),
    ]);
    expect(verdictsOf(o, ['PROJ-66', 'PROJ-120', 'PROJ-52', 'PROJ-39', 'PROJ-87', 'PROJ-17'])).toEqual({
      'PROJ-66': 'fail 1/1', 'PROJ-120': 'fail 1/1', 'PROJ-52': 'fail 1/1', 'PROJ-39': 'fail 1/1', 'PROJ-87': 'fail 1/1', 'PROJ-17': 'pass 1/0',
    });
    expect(o.rules['PROJ-66']?.failures[0]?.exchanges).toHaveLength(2);
  });

  it('judges a read only where the stamps show it sent after the write was answered', () => {
    // A recorder that leaves out the fraction: a PATCH of 300 ms and a read stamped a second later may have been under way together.
    const toTheSecond = (spec: ExchangeSpec): ExchangeSpec => ({ ...spec, at: Math.floor((spec.at as number) / 1000) * 1000, startUnitMs: 1000 });
    const sequence = (readAfter: number) => [{ ...patch(0, { ort: 'Kiel' }), durationMs: 300 }, read(readAfter, { ort: 'Bonn' })].map(toTheSecond);
    expect(verdictsOf(observed([projectReadBackJudge], sequence(1)), ['PROJ-119'])).toEqual({ 'PROJ-119': 'not-observed 0/0' });
    expect(verdictsOf(observed([projectReadBackJudge], sequence(3)), ['PROJ-119'])).toEqual({ 'PROJ-119': 'fail 1/1' });
  });

  it('blames a value stored otherwise on its field, not on the creation answer that shows it', () => {
    const o = observed([projectReadBackJudge], [creation(0, { sent: { plz: '01234', projektBaujahr: 1975 }, data: { plz: 1234, projektBaujahr: '1975' } }), read(1, { plz: 1234, projektBaujahr: '1975' })]);
    expect(verdictsOf(o, ['PROJ-66', 'PROJ-87', 'PROJ-119'])).toEqual({ 'PROJ-66': 'fail 1/1', 'PROJ-87': 'pass 1/0', 'PROJ-119': 'pass 1/0' });
  });

  it('blames a creation answer without the sent values on PROJ-87 when no read follows', () => {
    const o = observed([projectReadBackJudge], [creation(0, { sent: { projektName: 'Haus', projektBaujahr: 1975 }, data: { projektName: '', projektBaujahr: '' } })]);
    expect(verdictsOf(o, ['PROJ-87', 'PROJ-17'])).toEqual({ 'PROJ-87': 'fail 1/1', 'PROJ-17': 'not-observed 0/0' });
  });

  it('leaves unjudged what another write, a concurrent read, a late read or a refused PATCH may explain', () => {
    const o = observed([projectReadBackJudge], [
      // another token writes the project in between (another field: which write changed what is PROJ-102's)
      patch(0, { ort: 'Berlin' }),
      patch(1, { name: 'Nord' }, { token: 't2-other' }),
      read(2, { ort: 'Hamburg', name: 'Nord' }),
      // a read that started before the PATCH was answered
      { ...patch(10, { anrede: 'Frau' }), durationMs: 2000 },
      read(11, { anrede: '' }),
      // a read beyond the horizon
      patch(20, { vorname: 'Ada' }),
      read(100, { vorname: 'Bea' }),
      // refused and undecided writes are no writes to read back; a refused value beside another is the field table's
      patch(110, { name: 'X' }, { answer: 422 }),
      patch(110.5, { projektBaujahr: '', name: 'X' }, { answer: 422 }),
      patch(111, { name: 'Y' }, { answer: 503 }),
      read(112, { name: 'Z' }),
      // a read the limit answered
      patch(120, { telefon: 7, projektKollektorflaecheSolar: 'abc', unbekannt: 1 }),
      read(121, { telefon: '7' }, 429),
    ]);
    expect(verdictsOf(o, ['PROJ-119', 'PROJ-63', 'PROJ-39'])).toEqual({ 'PROJ-119': 'not-observed 0/0', 'PROJ-63': 'not-observed 0/0', 'PROJ-39': 'not-observed 0/0' });
  });

  it('waits for requests that overlapped the read but were recorded after it', () => {
    const o = observed([projectReadBackJudge], [
      patch(0, { hausnummer: '12a' }),
      read(1, { hausnummer: '14' }),
      { ...patch(0.5, { hausnummer: '14' }, { token: 't3-late' }), durationMs: 400 },
      { path: '/', at: at(30), status: 200, responseBody: { name: 'x', version: '2.5.0' } },
    ]);
    expect(verdictsOf(o, ['PROJ-119'])).toEqual({ 'PROJ-119': 'not-observed 0/0' });
  });
});
