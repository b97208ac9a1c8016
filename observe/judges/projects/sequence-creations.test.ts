import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { projectCreationsJudge } from './sequence-creations.js';
import { at, creation, TOKEN } from './sequence-testing.js';

const RULES = ['PROJ-82', 'PROJ-90', 'PROJ-92'];
const list = (s: number, entries: unknown[], query = '', status = 200) => ({ path: `/reports${query}`, token: TOKEN, at: at(s), status, responseBody: { projekte: entries, leads: [], api: [], archiv: [{ key: 'archiviert' }] } });

describe('project creations judge', () => {
  it('passes further projects, listed next and in paged lists however an entry names them', () => {
    const o = observed([projectCreationsJudge], [
      creation(0, { key: 'aaaaaaaaa', id: 1 }),
      creation(1, { key: 'bbbbbbbbb', id: 2 }),
      list(2, [{ key: 'aaaaaaaaa' }, { nummer: 2, titel: 'B' }]),
      list(3, [{ link: 'https://site.example.test/projekt/aaaaaaaaa' }, { id: '2' }], '?page=2&limit=1'),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-82': 'pass 1/0', 'PROJ-90': 'pass 3/0', 'PROJ-92': 'pass 1/0' });
  });

  it('fails a repeated creation answering the same project, a list without the newest project, and a shrinking paged list', () => {
    const o = observed([projectCreationsJudge], [
      creation(0, { key: 'aaaaaaaaa', id: 1 }),
      creation(1, { key: 'aaaaaaaaa', id: 1 }),
      creation(2, { key: 'ccccccccc', id: 3 }),
      list(3, [{ key: 'aaaaaaaaa' }]),
      list(4, [], '?limit=1'),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-82': 'fail 2/1', 'PROJ-90': 'fail 3/2', 'PROJ-92': 'fail 1/1' });
  });

  it('fails a list without an older project just created as incomplete (PROJ-90), not as a missing new one', () => {
    const o = observed([projectCreationsJudge], [creation(0, { key: 'aaaaaaaaa', id: 1 }), creation(1, { key: 'bbbbbbbbb', id: 2 }), list(2, [{ key: 'bbbbbbbbb' }])]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-82': 'pass 1/0', 'PROJ-90': 'fail 1/1', 'PROJ-92': 'pass 1/0' });
  });

  it('leaves distant, concurrent and refused lists unjudged', () => {
    const o = observed([projectCreationsJudge], [
      { ...creation(0, { key: 'aaaaaaaaa', id: 1 }), durationMs: 1000 },
      list(0.5, []),
      list(100, []),
      creation(101, { key: 'bbbbbbbbb', id: 2 }),
      list(102, [], '?page=2', 422),
      list(103, [], '', 503),
      creation(200, { key: 'ccccccccc', id: 3 }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-82': 'not-observed 0/0', 'PROJ-90': 'not-observed 0/0', 'PROJ-92': 'not-observed 0/0' });
  });
});
