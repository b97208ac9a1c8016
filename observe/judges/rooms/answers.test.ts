import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { roomAnswerJudge } from './answers.js';
import { createRoom, error, KEY, listRooms, observedEdited, patchRoom, readRoom, roomObject, TOKEN } from './room-fixtures.js';

const OBJECT_RULES = ['ROOM-5', 'ROOM-6', 'ROOM-14', 'ROOM-15', 'ROOM-20', 'ROOM-29', 'ROOM-44', 'ROOM-45'];

describe('room answer judge', () => {
  it('passes conforming answers of the four endpoints, with the freedoms of room answers', () => {
    const extra = { status: 201, action: 'createRoom', projectKey: KEY };
    const o = observed([roomAnswerJudge], [
      createRoom({ raumBezeichnung: 'Wohnen' }, 201, { ...extra, room: { ...roomObject('r1', { raumVolumen: '' }), createdAt: 'now' } }),
      readRoom('r1', 200, { room: roomObject('r1', { raumEtage: '7', raumHoehe: '2,50' }) }),
      patchRoom('r1', { raumEtage: 0 }, 200, { room: roomObject('r1', { raumEtage: '0' }) }),
      { ...listRooms([roomObject('r1', { raumEtage: '0' }), roomObject('r2', {}, KEY)]), path: `/reports/${KEY.toUpperCase()}/rooms` },
    ]);
    expect(verdictsOf(o, ['ROOM-1', 'ROOM-2', 'ROOM-3', 'ROOM-4', 'ROOM-47', ...OBJECT_RULES])).toEqual({
      'ROOM-1': 'pass 2/0', 'ROOM-2': 'pass 1/0', 'ROOM-3': 'pass 1/0', 'ROOM-4': 'pass 1/0', 'ROOM-47': 'pass 1/0',
      ...Object.fromEntries(OBJECT_RULES.map((r) => [r, 'pass 5/0'])),
    });
  });

  it('fails statuses, forms and room objects the spec does not allow', () => {
    const o = observed([roomAnswerJudge], [
      createRoom({ raumBezeichnung: 'Wohnen' }, 200, { room: roomObject('r1') }),
      readRoom('r1', 200, roomObject('r1')),
      patchRoom('r1', { raumNotiz: 'x' }, 201, { room: { id: 'r1', roomData: roomObject('r1').roomData } }),
      listRooms([
        { ...roomObject('r1', { raumFlaeche: 12.5, raumEtage: 2 }), projectKey: 'ihgfedcba' },
        roomObject('r2', { raumTemperatur: '20', raumEtage: '7', raumEtageBezeichnung: '6. Obergeschoss', raumEtageKuerzel: '6. OG' }),
      ]),
    ]);
    expect(verdictsOf(o, ['ROOM-2', 'ROOM-3', 'ROOM-4', ...OBJECT_RULES])).toEqual({
      'ROOM-2': 'fail 1/1', 'ROOM-3': 'fail 1/1', 'ROOM-4': 'fail 1/1',
      'ROOM-5': 'fail 4/1', 'ROOM-6': 'fail 3/1', 'ROOM-14': 'pass 4/0', 'ROOM-15': 'fail 4/1', 'ROOM-20': 'fail 4/1', 'ROOM-29': 'fail 4/1', 'ROOM-44': 'fail 4/1', 'ROOM-45': 'fail 4/1',
    });
  });

  it('fails a list that leaves out a room the customer just created and found by its id, unless a DELETE came between', () => {
    const o = observed([roomAnswerJudge], [
      createRoom({ raumBezeichnung: 'a' }, 201, { room: roomObject('r1') }),
      createRoom({ raumBezeichnung: 'b' }, 201, { room: roomObject('r2') }),
      // A created id no read confirmed may be the creation answer's mistake (ROOM-7), not the list's.
      createRoom({ raumBezeichnung: 'c' }, 201, { room: roomObject('R3') }),
      readRoom('r1', 200, { room: roomObject('r1') }),
      readRoom('r2', 200, { room: roomObject('r2') }),
      readRoom('R3', 404, error(404, 'not_found')),
      { method: 'DELETE', path: `/reports/${KEY}/rooms/r2`, token: TOKEN, status: 405 },
      listRooms([roomObject('r2')]),
      listRooms([roomObject('r1'), roomObject('r2')], { token: 't2-other' }),
    ]);
    // The other token's list is not compared with the creations, and its form waits for the token to show it authenticates someone.
    expect(verdictsOf(o, ['ROOM-1'])).toEqual({ 'ROOM-1': 'fail 2/1' });
    expect(o.rules['ROOM-1']?.failures).toHaveLength(1);
    expect(o.rules['ROOM-1']?.failures[0]?.message).toContain('leaves out room "r1"');
  });

  it('blames a wrong label on one rule: the write that sent it, the floor before a PATCH, or the table', () => {
    const o = observed([roomAnswerJudge], [
      createRoom({ raumBezeichnung: 'a', raumEtage: 2, raumEtageKuerzel: 'DG' }, 201, { room: roomObject('r1', { raumEtage: '2' }) }),
      readRoom('r1', 200, { room: roomObject('r1', { raumEtage: '2', raumEtageKuerzel: 'DG' }) }),
      patchRoom('r1', { raumEtage: 5 }, 200, { room: roomObject('r1', { raumEtage: '5', raumEtageBezeichnung: '1. Obergeschoss', raumEtageKuerzel: '1. OG' }) }),
      patchRoom('r1', { raumEtage: 7 }, 200, { room: roomObject('r1', { raumEtage: '7', raumEtageBezeichnung: '6. Obergeschoss', raumEtageKuerzel: '6. OG' }) }),
      readRoom('r1', 200, { room: roomObject('r1', { raumEtage: '7', raumEtageKuerzel: 'OG' }) }),
    ]);
    expect(verdictsOf(o, ['ROOM-12', 'ROOM-47', 'ROOM-44', 'ROOM-45'])).toEqual({ 'ROOM-12': 'fail 2/1', 'ROOM-47': 'fail 2/1', 'ROOM-44': 'fail 4/1', 'ROOM-45': 'fail 3/2' });
  });

  it('leaves the answers to tokens not shown to authenticate anyone to the authentication rules', () => {
    const o = observed([roomAnswerJudge], [
      // A target serving an unknown token on one endpoint (AUTH-2), and a blocked customer refused everywhere else (AUTH-3).
      { ...listRooms([]), token: 't9-unknown', responseBody: {} },
      { path: '/reports', token: 't8-blocked', status: 401, responseBody: error(401, 'authentication') },
      { ...readRoom('r1', 200, {}), token: 't8-blocked' },
      { ...createRoom({ raumBezeichnung: 'a' }, 201, {}), token: undefined },
      // A write too large, or not sent as JSON, is for 413 and 415 first.
      { ...createRoom({ raumBezeichnung: 'a'.repeat(70_000) }, 201, {}) },
      { ...patchRoom('r1', { raumNotiz: 'x' }, 200, {}), requestBody: '{"roomData":{"raumNotiz":"x"}}', requestHeaders: { 'Content-Type': 'text/plain' } },
      { path: '/reports', token: TOKEN, status: 200, responseBody: { projekte: [], leads: [], api: [], archiv: [] } },
      { ...listRooms([]), responseBody: {} },
    ]);
    expect(verdictsOf(o, ['ROOM-1', 'ROOM-2', 'ROOM-3', 'ROOM-4'])).toEqual({ 'ROOM-1': 'fail 1/1', 'ROOM-2': 'not-observed 0/0', 'ROOM-3': 'not-observed 0/0', 'ROOM-4': 'not-observed 0/0' });
  });

  it('leaves errors, 429 and 5xx answers and unrecorded bodies to other rules', () => {
    const specs = [
      { path: '/reports', token: TOKEN, status: 200, responseBody: { projekte: [], leads: [], api: [], archiv: [] } },
      createRoom({ raumBezeichnung: 'a' }, 429, error(429, 'rate_limit')),
      readRoom('r1', 503, error(503, 'service_unavailable')),
      readRoom('r1', 404, error(404, 'not_found')),
      readRoom('r1', 200, { room: roomObject('r1') }),
    ];
    const o = observedEdited([roomAnswerJudge], specs, (exchange, i) => {
      if (i === 4) delete exchange.response.bodyText;
    });
    // The status of the last one is judged; its body, which the recorder left out, is not.
    expect(verdictsOf(o, ['ROOM-2', 'ROOM-3', 'ROOM-5'])).toEqual({ 'ROOM-2': 'not-observed 0/0', 'ROOM-3': 'pass 1/0', 'ROOM-5': 'not-observed 0/0' });
  });
});
