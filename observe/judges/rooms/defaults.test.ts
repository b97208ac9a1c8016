import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { roomDefaultsJudge } from './defaults.js';
import { createRoom, error, roomObject } from './room-fixtures.js';

describe('room defaults judge', () => {
  it('judges the defaults of a creation answer for the fields the body left out', () => {
    const o = observed([roomDefaultsJudge], [
      createRoom({ raumBezeichnung: 'x' }, 201, { room: roomObject('r1', { raumHoehe: '2,50' }) }),
      createRoom({ raumBezeichnung: 'x', raumEtage: 3 }, 201, { room: roomObject('r2', { raumEtage: '3', raumTemperatur: 21, raumNotiz: 'neu' }) }),
      createRoom({ raumBezeichnung: 'x' }, 500, error(500, 'server_error')),
    ]);
    expect(verdictsOf(o, ['ROOM-21', 'ROOM-24', 'ROOM-27', 'ROOM-31', 'ROOM-34'])).toEqual({
      'ROOM-21': 'pass 1/0', 'ROOM-24': 'pass 2/0', 'ROOM-27': 'pass 2/0', 'ROOM-31': 'fail 2/1', 'ROOM-34': 'fail 2/1',
    });
  });

  it('leaves out a creation answering a room shown before (a repeated creation) and writes without a token', () => {
    const o = observed([roomDefaultsJudge], [
      createRoom({ raumBezeichnung: 'x' }, 201, { room: roomObject('r1') }),
      createRoom({ raumBezeichnung: 'x' }, 201, { room: roomObject('r1', { raumNotiz: 'alt' }) }),
      { ...createRoom({ raumBezeichnung: 'x' }, 201, { room: roomObject('r2', { raumNotiz: 'alt' }) }), token: undefined },
    ]);
    expect(verdictsOf(o, ['ROOM-34'])).toEqual({ 'ROOM-34': 'pass 1/0' });
  });
});
