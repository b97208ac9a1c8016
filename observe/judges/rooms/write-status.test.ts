import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { createRoom, error, KEY, patchRoom, roomObject, TOKEN } from './room-fixtures.js';
import { roomStateJudge } from './states.js';

const refused = error(422, 'validation');

describe('room write status and creation values (state judge)', () => {
  it('holds refusals of invalid bodies and acceptance of valid ones', () => {
    const o = observed([roomStateJudge], [
      createRoom({ raumEtage: 2 }, 422, refused),
      createRoom({ raumBezeichnung: 'a'.repeat(121) }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumEtage: 8 }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumEtage: '1,5' }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumFlaeche: '0' }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumTemperatur: true }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumTemperatur: 27 }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumNotiz: {} }, 422, refused),
      createRoom({ raumBezeichnung: 'x', uWert: 0.24 }, 422, refused),
      createRoom({ raumBezeichnung: 'x', raumFlaeche: `12.5${'0'.repeat(29)}` }, 422, refused),
      { method: 'POST', path: `/reports/${KEY}/rooms`, token: TOKEN, requestBody: { roomData: { raumBezeichnung: 'x' }, projectKey: KEY }, status: 422, responseBody: refused },
      patchRoom('r1', { raumFlaeche: '12,5', raumTemperatur: '21', raumNotiz: 'n'.repeat(255) }, 200, { room: roomObject('r1') }),
    ]);
    expect(verdictsOf(o, ['ROOM-16', 'ROOM-18', 'ROOM-19', 'ROOM-22', 'ROOM-28', 'ROOM-32', 'ROOM-37', 'ROOM-38', 'ROOM-39', 'ROOM-40', 'ROOM-41', 'ROOM-42', 'ROOM-43', 'ROOM-48'])).toEqual({
      'ROOM-16': 'pass 1/0', 'ROOM-18': 'pass 1/0', 'ROOM-19': 'pass 1/0', 'ROOM-22': 'pass 1/0', 'ROOM-28': 'pass 1/0', 'ROOM-32': 'pass 1/0',
      'ROOM-37': 'pass 1/0', 'ROOM-38': 'pass 1/0', 'ROOM-39': 'pass 1/0', 'ROOM-40': 'pass 1/0', 'ROOM-41': 'pass 1/0', 'ROOM-42': 'pass 1/0', 'ROOM-43': 'pass 1/0', 'ROOM-48': 'pass 1/0',
    });
  });

  it('fails an invalid body accepted and a valid one refused', () => {
    const o = observed([roomStateJudge], [
      createRoom({ raumBezeichnung: 'x', raumEtage: 8 }, 201, { room: roomObject('r1', { raumEtage: '7' }) }),
      patchRoom('r1', { raumTemperatur: '21' }, 422, refused),
    ]);
    // One deviation, one rule: the temperature sent as text is ROOM-40's, not also ROOM-28's.
    expect(verdictsOf(o, ['ROOM-19', 'ROOM-28', 'ROOM-40'])).toEqual({ 'ROOM-19': 'fail 1/1', 'ROOM-28': 'not-observed 0/0', 'ROOM-40': 'fail 1/1' });
    expect(o.rules['ROOM-19']?.failures[0]?.message).toBe(`POST /reports/${KEY}/rooms sending raumEtage 8 answered 201, not 422`);
  });

  it('leaves unjudged what a freedom, another error or an unreadable body explains', () => {
    const o = observed([roomStateJudge], [
      createRoom({ raumEtage: 2 }, 429, error(429, 'rate_limit')),
      createRoom({ raumEtage: 2 }, 503, error(503, 'service_unavailable')),
      createRoom({ raumEtage: 2 }, 404, error(404, 'not_found')),
      createRoom({ raumEtage: 2 }, 403, error(403, 'authorization')),
      createRoom({ raumEtage: 2 }, 400, error(400, 'validation')),
      // FREE-ROOM-9, a sign in numeric text, a number as a name, an empty PATCH: the target's reading decides.
      createRoom({ raumBezeichnung: 'x', raumBaujahr: '1234' }, 201, { room: roomObject('r2', { raumBezeichnung: 'x' }) }),
      createRoom({ raumBezeichnung: 'x', raumEtage: '+3' }, 422, refused),
      createRoom({ raumBezeichnung: 42 }, 422, refused),
      patchRoom('r2', {}, 422, refused),
      // Duplicate member names may be refused as malformed JSON; without Content-Type the body may be refused with 415.
      { method: 'POST', path: `/reports/${KEY}/rooms`, token: TOKEN, requestHeaders: { 'Content-Type': 'application/json' }, requestBody: '{"roomData":{"raumEtage":8,"raumEtage":1}}', status: 400 },
      { method: 'POST', path: `/reports/${KEY}/rooms`, token: TOKEN, requestBody: '{"roomData":{"raumEtage":8}}', status: 201, responseBody: { room: roomObject('r3', { raumBezeichnung: 'x' }) } },
      { method: 'PATCH', path: `/reports/${KEY}/rooms/r2`, token: TOKEN, requestHeaders: { 'Content-Length': '40' }, status: 200, responseBody: { room: roomObject('r2') } },
    ]);
    const rules = ['ROOM-16', 'ROOM-19', 'ROOM-40', 'ROOM-43'];
    expect(verdictsOf(o, rules)).toEqual(Object.fromEntries(rules.map((r) => [r, 'not-observed 0/0'])));
    // The valid name beside the ignored raumBaujahr is read back, nothing else.
    expect(verdictsOf(o, ['ROOM-18'])).toEqual({ 'ROOM-18': 'pass 1/0' });
  });

  it('judges the values a creation answer shows for the valid fields sent', () => {
    const o = observed([roomStateJudge], [
      createRoom({ raumBezeichnung: '  Bad ', raumHoehe: '2,75', raumEtage: '3' }, 201, { room: roomObject('r1', { raumBezeichnung: 'Bad', raumHoehe: '2.75', raumEtage: '3' }) }),
      createRoom({ raumBezeichnung: 'Flur', raumHoehe: 3.1 }, 201, { room: roomObject('r2', { raumBezeichnung: 'Flur', raumHoehe: '2.5' }) }),
      // More decimal places than the kit sends: a target may round them.
      createRoom({ raumBezeichnung: 'Flur', raumFlaeche: 12.345 }, 201, { room: roomObject('r3', { raumBezeichnung: 'Flur', raumFlaeche: '12.35' }) }),
    ]);
    // Each valid body is judged twice per field: its status (accepted) and its read-back.
    expect(verdictsOf(o, ['ROOM-18', 'ROOM-19', 'ROOM-22', 'ROOM-25'])).toEqual({ 'ROOM-18': 'pass 6/0', 'ROOM-19': 'pass 1/0', 'ROOM-22': 'pass 1/0', 'ROOM-25': 'fail 3/1' });
    expect(o.rules['ROOM-25']?.failures[0]?.message).toBe('a room created with raumHoehe 3.1 has raumHoehe "2.5"');
  });

});
