import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { exchangeOf, observed, verdictsOf } from '../testing/exchange-builder.js';
import { createRoom, error, KEY, listRooms, patchRoom, readRoom, roomObject, TOKEN } from './room-fixtures.js';
import { roomStateJudge } from './states.js';

const refused = error(422, 'validation');
const created = { raumBezeichnung: 'Wohnen', raumEtage: '2', raumFlaeche: '21.5', raumNotiz: 'vorher' };
const room = (data: Record<string, unknown> = {}) => ({ room: roomObject('r1', { ...created, ...data }) });
const project = (year: unknown) => ({ projektHeader: { key: KEY, link: 'https://x.test/p', id: 1, status: 1 }, projektData: { projektName: 'P', projektBaujahr: year } });
const patchProject = (year: unknown, status = 200, extra = {}) => ({ method: 'PATCH', path: `/reports/${KEY}`, token: TOKEN, requestBody: { projectData: { projektBaujahr: year } }, status, responseBody: {}, ...extra });

describe('room state judge', () => {
  it('passes a room read back by its id, PATCHed field by field and read again', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      readRoom('r1', 200, room({ raumFlaeche: '21,50' })),
      patchRoom('r1', { raumNotiz: 'nachher', raumFlaeche: '' }, 200, room({ raumNotiz: 'nachher', raumFlaeche: '' })),
      patchRoom('r1', { raumEtage: 5 }, 200, room({ raumNotiz: 'nachher', raumFlaeche: '', raumEtage: '5' })),
      listRooms([roomObject('r1', { ...created, raumNotiz: 'nachher', raumFlaeche: '', raumEtage: '5' })]),
    ]);
    expect(verdictsOf(o, ['ROOM-7', 'ROOM-23', 'ROOM-49'])).toEqual({ 'ROOM-7': 'pass 4/0', 'ROOM-23': 'pass 2/0', 'ROOM-49': 'pass 5/0' });
  });

  it('fails a created id that addresses nothing, a PATCH that clears what it did not send, a deletion ignored', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      readRoom('r1', 404, error(404, 'not_found')),
      patchRoom('r1', { raumHoehe: 3 }, 200, room({ raumHoehe: '3', raumNotiz: '' })),
      patchRoom('r1', { raumFlaeche: null }, 200, room({ raumHoehe: '3', raumNotiz: '' })),
    ]);
    expect(verdictsOf(o, ['ROOM-7', 'ROOM-23', 'ROOM-49'])).toEqual({ 'ROOM-7': 'fail 3/1', 'ROOM-23': 'fail 2/1', 'ROOM-49': 'fail 3/1' });
  });

  it('leaves out fields another overlapping write sent, and pairs too far apart or concurrent', () => {
    const t = Date.parse('2026-11-28T12:00:00.250Z');
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room(), { at: t }),
      // Overlapping writes of two clients: the note changes under the area PATCH's feet.
      patchRoom('r1', { raumFlaeche: 30 }, 200, room({ raumFlaeche: '30', raumNotiz: 'anders' }), { at: t + 1000, durationMs: 50 }),
      patchRoom('r1', { raumNotiz: 'anders' }, 200, room({ raumFlaeche: '30', raumNotiz: 'anders' }), { at: t + 1010, durationMs: 100, token: 't2-rooms' }),
      readRoom('r1', 200, room({ raumFlaeche: '30', raumNotiz: 'portal' }), { at: t + 200_000 }),
    ]);
    expect(verdictsOf(o, ['ROOM-49'])).toEqual({ 'ROOM-49': 'pass 3/0' });
  });

  it('leaves out a field a write sent whose stamps to the second leave open whether it overlapped', () => {
    const t = Date.parse('2026-11-28T12:00:00Z');
    const writes = (extra: { startUnitMs?: number }) => [
      createRoom(created, 201, room(), { at: t, ...extra }),
      // Stamped a second apart: to the millisecond, the note was written after the area PATCH was answered; to the second, maybe while it ran.
      patchRoom('r1', { raumFlaeche: 30 }, 200, room({ raumFlaeche: '30', raumNotiz: 'anders' }), { at: t + 3000, durationMs: 50, ...extra }),
      patchRoom('r1', { raumNotiz: 'anders' }, 200, room({ raumFlaeche: '30', raumNotiz: 'anders' }), { at: t + 4000, durationMs: 100, token: 't2-rooms', ...extra }),
    ];
    expect(verdictsOf(observed([roomStateJudge], writes({})), ['ROOM-49'])).toEqual({ 'ROOM-49': 'fail 4/1' });
    expect(verdictsOf(observed([roomStateJudge], writes({ startUnitMs: 1000 })), ['ROOM-49'])).toEqual({ 'ROOM-49': 'pass 3/0' });
  });

  it('blames a PATCH taking the name "" on ROOM-17 when the target takes blank names, else on ROOM-59', () => {
    const deletes = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      patchRoom('r1', { raumBezeichnung: '' }, 200, room({ raumBezeichnung: 'Raum' })),
      patchRoom('r1', { raumBezeichnung: null }, 200, room({ raumBezeichnung: 'Raum' })),
    ]);
    expect(verdictsOf(deletes, ['ROOM-17', 'ROOM-59'])).toEqual({ 'ROOM-17': 'not-observed 0/0', 'ROOM-59': 'fail 2/2' });
    const trims = observed([roomStateJudge], [
      createRoom({ raumBezeichnung: ' \t ' }, 201, room({ raumBezeichnung: 'Raum' })),
      patchRoom('r1', { raumBezeichnung: '' }, 200, room({ raumBezeichnung: 'Raum' })),
      patchRoom('r1', { raumBezeichnung: null }, 422, refused),
    ]);
    expect(verdictsOf(trims, ['ROOM-17', 'ROOM-59'])).toEqual({ 'ROOM-17': 'fail 2/2', 'ROOM-59': 'pass 1/0' });
  });

  it('judges fields without deletion: 422 and the stored value kept', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      patchRoom('r1', { raumEtage: '' }, 422, refused),
      patchRoom('r1', { raumEtage: null }, 200, room({ raumEtage: '1' })),
      patchRoom('r1', { raumTemperatur: null }, 422, refused),
      readRoom('r1', 200, room({ raumEtage: '1', raumTemperatur: 20 })),
      patchRoom('r1', { raumBezeichnung: '' }, 422, refused),
      readRoom('r1', 200, room({ raumEtage: '1', raumBezeichnung: 'Raum' })),
      patchRoom('r1', { raumBezeichnung: null }, 404, error(404, 'not_found')),
    ]);
    expect(verdictsOf(o, ['ROOM-57', 'ROOM-58', 'ROOM-59'])).toEqual({ 'ROOM-57': 'fail 2/1', 'ROOM-58': 'pass 2/0', 'ROOM-59': 'fail 2/1' });
  });

  it('judges raumBaujahr: copied from the project year just read or written, never following it, never written', () => {
    const o = observed([roomStateJudge], [
      { path: `/reports/${KEY}`, token: TOKEN, status: 200, responseBody: project('1975') },
      createRoom({ raumBezeichnung: 'a' }, 201, { room: roomObject('r1', { raumBaujahr: '1975' }) }),
      patchProject(1990),
      createRoom({ raumBezeichnung: 'b' }, 201, { room: roomObject('r3', { raumBaujahr: '1990' }) }),
      { path: `/reports/${KEY}`, token: TOKEN, status: 200, responseBody: project(1990) },
      createRoom({ raumBezeichnung: 'b', raumBaujahr: '1234' }, 201, { room: roomObject('r2', { raumBaujahr: '1975' }) }),
      readRoom('r1', 200, { room: roomObject('r1', { raumBaujahr: '1990' }) }),
      patchRoom('r1', { raumBaujahr: '1234' }, 200, { room: roomObject('r1', { raumBaujahr: '1234' }) }),
    ]);
    expect(verdictsOf(o, ['ROOM-11', 'ROOM-35', 'ROOM-36'])).toEqual({ 'ROOM-11': 'fail 2/1', 'ROOM-35': 'fail 3/1', 'ROOM-36': 'fail 1/1' });
    expect(o.rules['ROOM-35']?.failures[0]?.message).toContain('projektBaujahr was 1990');
  });

  it('does not judge raumBaujahr when the project year may have changed unseen or concurrently', () => {
    const t = Date.parse('2026-11-28T13:00:00.250Z');
    const o = observed([roomStateJudge], [
      { path: `/reports/${KEY}`, token: TOKEN, status: 200, responseBody: project('1975'), at: t },
      patchProject(1990, 200, { at: t + 1000, durationMs: 500 }),
      createRoom({ raumBezeichnung: 'a' }, 201, { room: roomObject('r1', { raumBaujahr: '1975' }) }, { at: t + 1100 }),
      patchProject('abc', 500, { at: t + 3000 }),
      // A deletion the target may not have stored (PROJ-39) leaves the year unknown.
      patchProject('', 200, { at: t + 3500 }),
      createRoom({ raumBezeichnung: 'b' }, 201, { room: roomObject('r2', { raumBaujahr: '1990' }) }, { at: t + 4000 }),
      { path: `/reports/${KEY}`, token: TOKEN, status: 200, responseBody: project(''), at: t + 5000 },
      createRoom({ raumBezeichnung: 'c' }, 201, { room: roomObject('r3', { raumBaujahr: '' }) }, { at: t + 100_000 }),
    ]);
    expect(verdictsOf(o, ['ROOM-35'])).toEqual({ 'ROOM-35': 'not-observed 0/0' });
  });

  it('judges id and projectKey sent in roomData, and a read after a DELETE', () => {
    const o = observed([roomStateJudge], [
      createRoom({ raumBezeichnung: 'a', id: 'cpf-own-id-1' }, 201, { room: roomObject('cpf-own-id-1') }),
      createRoom({ raumBezeichnung: 'b', projectKey: 'zzzzzzzzz' }, 201, { room: roomObject('r2') }),
      patchRoom('r2', { projectKey: 'zzzzzzzzz' }, 200, { room: roomObject('r2') }),
      readRoom('r2', 200, { room: roomObject('r2') }),
      { method: 'DELETE', path: `/reports/${KEY}/rooms/r2`, token: TOKEN, status: 204 },
      readRoom('r2', 404, error(404, 'not_found')),
    ]);
    expect(verdictsOf(o, ['ROOM-10', 'ROOM-54', 'ROOM-7'])).toEqual({ 'ROOM-10': 'fail 2/1', 'ROOM-54': 'fail 1/1', 'ROOM-7': 'pass 2/0' });
  });

  it('fails a refused PATCH with an unwritable field that stored the valid field beside it', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      patchRoom('r1', { raumNotiz: 'beiseite', raumBaujahr: '1234' }, 422, refused),
      readRoom('r1', 200, room({ raumNotiz: 'beiseite' })),
    ]);
    expect(verdictsOf(o, ['ROOM-11', 'ROOM-7'])).toEqual({ 'ROOM-11': 'fail 1/1', 'ROOM-7': 'pass 1/0' });
  });

  it('blames a value a refused PATCH stored on the rule it was refused for', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      patchRoom('r1', { raumNotiz: 'beiseite 1', raumTemperatur: 27 }, 422, refused),
      patchRoom('r1', { raumNotiz: 'beiseite 2', raumTemperatur: [20] }, 422, refused),
      readRoom('r1', 200, room({ raumNotiz: 'beiseite 1' })),
      patchRoom('r1', { raumNotiz: 'beiseite 3', id: 'cpf-x' }, 422, refused),
      readRoom('r1', 200, room({ raumNotiz: 'beiseite 3' })),
    ]);
    // The id sent beside the note may be refused or ignored (FREE-ROOM-9): no rule is blamed for the last one.
    expect(verdictsOf(o, ['ROOM-28', 'ROOM-39', 'ROOM-10'])).toEqual({ 'ROOM-28': 'fail 2/1', 'ROOM-39': 'pass 1/0', 'ROOM-10': 'not-observed 0/0' });
  });

  it('counts a write to the same id through another project as a write of the room', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      { method: 'PATCH', path: '/reports/jklmnopqr/rooms/r1', token: TOKEN, requestBody: { roomData: { raumNotiz: 'quer' } }, status: 200, responseBody: { room: roomObject('r1', { ...created, raumNotiz: 'quer' }, 'jklmnopqr') } },
      readRoom('r1', 200, room({ raumNotiz: 'quer' })),
    ]);
    expect(verdictsOf(o, ['ROOM-7', 'ROOM-49'])).toEqual({ 'ROOM-7': 'pass 1/0', 'ROOM-49': 'pass 2/0' });
  });

  it('leaves 429 and 5xx answers unjudged', () => {
    const o = observed([roomStateJudge], [
      createRoom(created, 201, room()),
      readRoom('r1', 429, error(429, 'rate_limit')),
      patchRoom('r1', { raumEtage: '' }, 503, error(503, 'service_unavailable')),
      patchRoom('r1', { raumFlaeche: '' }, 500, error(500, 'server_error')),
    ]);
    expect(verdictsOf(o, ['ROOM-7', 'ROOM-23', 'ROOM-57'])).toEqual({ 'ROOM-7': 'not-observed 0/0', 'ROOM-23': 'not-observed 0/0', 'ROOM-57': 'not-observed 0/0' });
  });

  it('settles a judgement at an exchange it does not read, as the recording passes the horizon', () => {
    const t = Date.parse('2026-11-28T12:00:00.250Z');
    const observer = new Observer([roomStateJudge]);
    observer.see(exchangeOf(createRoom(created, 201, room(), { at: t }), 0));
    observer.see(exchangeOf(readRoom('r1', 404, error(404, 'not_found'), { at: t + 1000 }), 1));
    expect(verdictsOf(observer.verdicts(), ['ROOM-7'])).toEqual({ 'ROOM-7': 'not-observed 0/0' });
    // A project list, which the judge does not read, started after the 404's horizon.
    observer.see(exchangeOf({ path: '/reports', token: TOKEN, status: 200, responseBody: [], at: t + 2000 + SEQUENCE_HORIZON_MS }, 2));
    expect(verdictsOf(observer.verdicts(), ['ROOM-7'])).toEqual({ 'ROOM-7': 'fail 1/1' });
  });
});
