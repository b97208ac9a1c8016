import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { patchKeepsOthersJudge } from './sequence-patch.js';
import { creation, detail, health, patch, roomCreation, settledBy } from './sequence-testing.js';

const before = { ort: 'Altstadt', projektBaujahr: '1968', email: '', plz: '04109' };

describe('PATCH keeps what it did not send', () => {
  it('settles a judgement at an exchange it does not read, once the recording has passed it', () => {
    const specs = [detail(0, { data: before }), patch(1, { ort: 'Neustadt' }), detail(2, { data: { ...before, ort: 'Neustadt' } })];
    expect(settledBy(patchKeepsOthersJudge, specs, ['PROJ-102'])).toEqual({ 'PROJ-102': 'not-observed 0/0' });
    expect(settledBy(patchKeepsOthersJudge, [...specs, health(10)], ['PROJ-102'])).toEqual({ 'PROJ-102': 'pass 1/0' });
  });

  it('passes a PATCH that changed only the sent field, whatever other fields showed', () => {
    const o = observed([patchKeepsOthersJudge], [
      creation(0, { data: before, sent: before }),
      patch(1, { ort: 'Neustadt' }),
      detail(2, { data: { ...before, ort: 'Neustadt', email: null, projektBaujahr: 1968 } }),
      patch(3, { plz: '' }),
      detail(4, { data: { ...before, ort: 'Neustadt' } }),
    ]);
    expect(verdictsOf(o, ['PROJ-102'])).toEqual({ 'PROJ-102': 'pass 2/0' });
  });

  it('fails a PATCH that cleared another field or moved the status', () => {
    const o = observed([patchKeepsOthersJudge], [
      detail(0, { data: before, status: 2 }),
      patch(1, { ort: 'Neustadt' }),
      detail(2, { data: { ...before, ort: 'Neustadt', projektBaujahr: '' }, status: 2 }),
      patch(3, { ort: 'Bonn' }),
      detail(4, { data: { ...before, ort: 'Bonn', projektBaujahr: '' }, status: 1 }),
    ]);
    expect(verdictsOf(o, ['PROJ-102'])).toEqual({ 'PROJ-102': 'fail 2/2' });
  });

  it('leaves unjudged fields another request may have written, and the status beside room operations', () => {
    const o = observed([patchKeepsOthersJudge], [
      detail(0, { data: before, status: 1 }),
      patch(1, { ort: 'Neustadt' }),
      patch(2, { projektBaujahr: 1990 }, { token: 't2-other' }),
      roomCreation(3),
      detail(4, { data: { ...before, ort: 'Neustadt', projektBaujahr: '1990' }, status: 2 }),
      // refused PATCHes and reads that are not answered are no sequence
      patch(5, { ort: 'Bonn' }, { answer: 422 }),
      detail(6, { answer: 429 }),
      { ...patch(7, { ort: 'Kiel' }), at: Date.parse('2026-11-28T13:00:00.250Z') },
    ]);
    expect(verdictsOf(o, ['PROJ-102'])).toEqual({ 'PROJ-102': 'pass 1/0' });
  });
});
