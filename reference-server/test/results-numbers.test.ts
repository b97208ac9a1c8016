import { describe, expect, it } from 'vitest';
import { firstNonFiniteNumber } from '../src/domain/json-numbers.js';
import { useDemoServer } from './support/test-server.js';

/** The results never carry null where the API description promises a number. */

describe('results over HTTP', () => {
  const demo = useDemoServer();
  const get = (path: string) => demo.server.request(path, { token: demo.token });

  it.each(['5e-324', '1e-300'])('spread=%s (above 0, as the spec admits) is 422 calculation_unavailable, not a 200 with null figures', async (spread) => {
    const res = await get(`/reports/${demo.seed.projects['portal'] as string}/results?flowTemperature=45&spread=${spread}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ status: 422, details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } });
  });

  it.each(['0.05', '1e-6'])('spread=%s answers finite numbers everywhere', async (spread) => {
    const res = await get(`/reports/${demo.seed.projects['portal'] as string}/results?flowTemperature=45&spread=${spread}`);
    expect(res.status).toBe(200);
    expect(firstNonFiniteNumber(await res.json())).toBeUndefined();
  });

  it('a room area the field rules admit but the engine cannot publish makes results and PDF 422 calculation_unavailable, not null', async () => {
    const key = demo.seed.projects['large'] as string;
    const rooms = (await (await get(`/reports/${key}/rooms`)).json()) as { rooms: { id: string }[] };
    const room = rooms.rooms[0]?.id as string;
    const patched = await demo.server.request(`/reports/${key}/rooms/${room}`, {
      method: 'PATCH',
      token: demo.token,
      headers: { 'content-type': 'application/json' },
      body: '{"roomData":{"raumFlaeche":5e-324}}',
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { room: { roomData: { raumFlaeche: string } } }).room.roomData.raumFlaeche).toBe('5e-324');
    const res = await get(`/reports/${key}/results`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; details: Record<string, unknown> };
    expect(body.details).toEqual({ type: 'calculation_unavailable', calculationStatus: 'unavailable' });
    expect(body.error).toMatch(/\$\.results\./);
    const pdf = await get(`/reports/${key}/pdf`);
    expect(pdf.status).toBe(422);
    expect(((await pdf.json()) as { details: unknown }).details).toEqual({ type: 'calculation_unavailable', calculationStatus: 'unavailable' });
  });
});
