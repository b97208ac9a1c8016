import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { roomIdentityJudge } from './identity.js';
import { createRoom, error, readRoom, roomObject, TOKEN } from './room-fixtures.js';

const OTHER = 'jklmnopqr';
const otherProject = { method: 'POST', path: '/reports/with-data', token: TOKEN, requestBody: { projectData: { projektName: 'B' } }, status: 201, responseBody: { status: 200, action: 'createReport', projektHeader: { key: OTHER, link: 'https://x.test/p', id: 2, status: 1 }, projektData: {} } };
const underOther = (status: number, answer: unknown) => ({ path: `/reports/${OTHER}/rooms/r1`, token: TOKEN, status, responseBody: answer });

describe('room identity judge', () => {
  it('passes rooms of another own project not found there and creations with distinct ids', () => {
    const o = observed([roomIdentityJudge], [
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { room: roomObject('r1') }),
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { room: roomObject('r2') }),
      otherProject,
      underOther(404, error(404, 'not_found')),
      { ...underOther(404, error(404, 'not_found')), token: 't2-foreign' },
    ]);
    expect(verdictsOf(o, ['ROOM-8', 'ROOM-52'])).toEqual({ 'ROOM-8': 'pass 1/0', 'ROOM-52': 'pass 1/0' });
  });

  it('fails the created room found under another own project, and a repeated creation answering the same id', () => {
    const o = observed([roomIdentityJudge], [
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { room: roomObject('r1') }),
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { room: roomObject('r1') }),
      otherProject,
      underOther(200, { room: roomObject('r1', {}, OTHER) }),
    ]);
    expect(verdictsOf(o, ['ROOM-8', 'ROOM-52'])).toEqual({ 'ROOM-8': 'fail 1/1', 'ROOM-52': 'fail 1/1' });
  });

  it('leaves unjudged a success that may be another room of the same id, a project not seen as own, and 429 or 5xx answers', () => {
    const o = observed([roomIdentityJudge], [
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { room: roomObject('r1') }),
      underOther(404, error(404, 'not_found')),
      otherProject,
      underOther(200, { room: roomObject('r1', { raumBezeichnung: 'Bad' }, OTHER) }),
      underOther(429, error(429, 'rate_limit')),
      underOther(500, error(500, 'server_error')),
      readRoom('r1', 200, { room: roomObject('r1') }),
    ]);
    expect(verdictsOf(o, ['ROOM-8'])).toEqual({ 'ROOM-8': 'not-observed 0/0' });
  });
});
