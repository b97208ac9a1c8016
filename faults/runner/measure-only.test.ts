import { describe, expect, it } from 'vitest';
import { faults } from '../catalog/index.js';
import { checkNotes, failsRun, outcomeWord, selectFaults } from './measure-only.js';

const catalogue = [{ id: 'a' }, { id: 'm', measureOnly: 'near the resolution' }, { id: 'b' }];

describe('selectFaults', () => {
  it('takes every fault but the measure-only ones by default', () => {
    expect(selectFaults(catalogue, []).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('takes exactly the named faults, measure-only ones included, in catalogue order', () => {
    expect(selectFaults(catalogue, ['m']).map((f) => f.id)).toEqual(['m']);
    expect(selectFaults(catalogue, ['b', 'm']).map((f) => f.id)).toEqual(['m', 'b']);
  });

  it('leaves the catalogue’s measure-only faults out of a full run', () => {
    const measureOnly = faults.filter((f) => f.measureOnly !== undefined);
    expect(measureOnly.map((f) => f.id)).toContain('foreign-lookup-slower-0.2ms');
    expect(selectFaults(faults, [])).toHaveLength(faults.length - measureOnly.length);
  });
});

describe('outcome of a measure-only fault', () => {
  it('reads found or not found and never fails the run', () => {
    const measured = { measureOnly: 'near the resolution' };
    expect([outcomeWord(measured, true), outcomeWord(measured, false)]).toEqual(['found', 'not found']);
    expect([failsRun(measured, true), failsRun(measured, false)]).toEqual([false, false]);
  });

  it('leaves other faults caught or escaped, and an escape fails the run', () => {
    expect([outcomeWord({}, true), outcomeWord({}, false)]).toEqual(['caught', 'ESCAPED']);
    expect([failsRun({}, true), failsRun({}, false)]).toEqual([false, true]);
  });

  it('lists what the checks of its rules said, notes included', () => {
    const checks = [
      { title: '[A-1] timing', rules: ['A-1'], state: 'passed' as const, note: 'indistinguishable at the resolution reached' },
      { title: '[A-1 A-2] headers', rules: ['A-1', 'A-2'], state: 'failed' as const, note: 'order differs' },
      { title: '[B-1] other', rules: ['B-1'], state: 'failed' as const },
    ];
    expect(checkNotes({ rules: ['A-1'] }, checks)).toEqual(['[A-1] timing: passed (indistinguishable at the resolution reached)', '[A-1 A-2] headers: failed (order differs)']);
  });
});
