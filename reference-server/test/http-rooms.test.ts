import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let token: string;
let ownerId: number;

interface RoomBody {
  room: { id: string; projectKey: string; roomData: Record<string, string | number | null> };
}

beforeAll(async () => {
  s = await startTestServer();
  ({ id: ownerId, token } = s.tokenFor({ name: 'owner', license: 'annual' }));
});
afterAll(() => s.close());

function project(key: string, status: number, data: Record<string, string> = { projektBaujahr: '1970' }, customerId = ownerId): string {
  s.store.projects.insert({ key, customerId, origin: 'portal', status, data, at: new Date('2026-01-01T00:00:00Z') });
  return key;
}

async function createRoom(key: string, roomData: Record<string, unknown>, t = token) {
  return s.request(`/reports/${key}/rooms`, jsonInit('POST', { roomData }, t));
}

describe('rooms', () => {
  it('creates a room with the defaults, copies the building year, derives floor labels', async () => {
    const key = project('roomsaaaa', 1);
    const res = await createRoom(key, { raumBezeichnung: '  Wohnzimmer  ' });
    expect(res.status).toBe(201);
    const { room } = (await res.json()) as RoomBody;
    expect(room.projectKey).toBe(key);
    expect(typeof room.id).toBe('string');
    expect(room.roomData).toMatchObject({
      raumBezeichnung: 'Wohnzimmer',
      raumEtage: '1',
      raumHoehe: '2.5',
      raumTemperatur: 20,
      raumFlaeche: '',
      raumNotiz: '',
      raumBaujahr: '1970',
      raumEtageBezeichnung: 'Erdgeschoss',
      raumEtageKuerzel: 'EG',
    });
  });

  it('never updates raumBaujahr from later project changes', async () => {
    const key = project('roomsbbbb', 1);
    const { room } = (await (await createRoom(key, { raumBezeichnung: 'Bad' })).json()) as RoomBody;
    await s.request(`/reports/${key}`, jsonInit('PATCH', { projectData: { projektBaujahr: 2001 } }, token));
    const read = (await (await s.request(`/reports/${key}/rooms/${room.id}`, { token })).json()) as RoomBody;
    expect(read.room.roomData.raumBaujahr).toBe('1970');
  });

  it.each([
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 4],
    [5, 5],
  ])('creating a room moves status %i to %i and updates the activity in the same transaction', async (from, to) => {
    const key = project(`status${'abcde'[from - 1]}aa`, from);
    const before = s.store.projects.findOwned(key, ownerId);
    s.clock.advance(60_000);
    expect((await createRoom(key, { raumBezeichnung: 'Küche' })).status).toBe(201);
    const after = s.store.projects.findOwned(key, ownerId);
    expect(after?.status).toBe(to);
    expect(after?.activityAt).not.toBe(before?.activityAt);
  });

  it('a rejected room changes neither status nor activity', async () => {
    const key = project('statusrej', 1);
    const before = s.store.projects.findOwned(key, ownerId);
    s.clock.advance(60_000);
    expect((await createRoom(key, { raumBezeichnung: '' })).status).toBe(422);
    expect(s.store.projects.findOwned(key, ownerId)).toEqual(before);
    expect(s.store.rooms.listByProject(before?.id as number)).toEqual([]);
  });

  it('PATCH keeps unsent fields and the status, updates the activity', async () => {
    const key = project('patchaaaa', 4);
    const { room } = (await (await createRoom(key, { raumBezeichnung: 'Flur', raumFlaeche: '12,5', raumEtage: 0 })).json()) as RoomBody;
    const before = s.store.projects.findOwned(key, ownerId);
    s.clock.advance(60_000);
    const res = await s.request(`/reports/${key}/rooms/${room.id}`, jsonInit('PATCH', { roomData: { raumTemperatur: '24' } }, token));
    expect(res.status).toBe(200);
    const patched = (await res.json()) as RoomBody;
    expect(patched.room.roomData).toMatchObject({ raumBezeichnung: 'Flur', raumFlaeche: '12.5', raumEtage: '0', raumEtageKuerzel: 'KG', raumTemperatur: 24 });
    const after = s.store.projects.findOwned(key, ownerId);
    expect(after?.status).toBe(4);
    expect(after?.activityAt).not.toBe(before?.activityAt);
  });

  it('a room id of another own project is 404, the same bytes as a missing one', async () => {
    const a = project('crossaaaa', 1);
    const b = project('crossbbbb', 1);
    const { room } = (await (await createRoom(a, { raumBezeichnung: 'A' })).json()) as RoomBody;
    const cross = await s.request(`/reports/${b}/rooms/${room.id}`, { token });
    const missing = await s.request(`/reports/${b}/rooms/rdoesnotexist`, { token });
    expect(cross.status).toBe(404);
    expect(await cross.text()).toBe(await missing.text());
    expect((await s.request(`/reports/${b}/rooms/${room.id}`, jsonInit('PATCH', { roomData: { raumNotiz: 'x' } }, token))).status).toBe(404);
  });

  it('lists the rooms of the project only', async () => {
    const key = project('listaaaaa', 1);
    await createRoom(key, { raumBezeichnung: 'Eins' });
    await createRoom(key, { raumBezeichnung: 'Zwei' });
    const body = (await (await s.request(`/reports/${key}/rooms`, { token })).json()) as { rooms: RoomBody['room'][] };
    expect(body.rooms.map((r) => r.roomData.raumBezeichnung)).toEqual(['Eins', 'Zwei']);
  });

  it('an expired but unlocked customer lists, reads, creates and changes rooms', async () => {
    const expired = s.tokenFor({ name: 'expired', license: 'expired', unlocked: true });
    const key = project('expiredrr', 2, {}, expired.id);
    const created = await createRoom(key, { raumBezeichnung: 'Alt' }, expired.token);
    expect(created.status).toBe(201);
    const { room } = (await created.json()) as RoomBody;
    expect((await s.request(`/reports/${key}/rooms`, { token: expired.token })).status).toBe(200);
    expect((await s.request(`/reports/${key}/rooms/${room.id}`, jsonInit('PATCH', { roomData: { raumNotiz: 'neu' } }, expired.token))).status).toBe(200);
    expect(room.roomData.raumBaujahr).toBe('');
  });
});
