import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi, type TestContext } from 'vitest';
import { parseProfile } from '../../spec/profile.schema.js';
import { startPacerServer, type PacerServer } from '../../harness-core/pacer-server.js';
import type { TargetContext } from '../harness/target.js';

const context: { current?: TargetContext } = {};
vi.mock('../harness/target.js', () => ({ target: () => context.current }));
const { CheckContext } = await import('../harness/check.js');
const { createRoomOnce } = await import('./support.js');

/** What a gateway does to a room creation: passes it on (`pass`), answers 502 after the target made the room (`lost`), or before it reached the target (`never`), or the connection drops after the target made it (`dropped`). */
type Creation = 'pass' | 'lost' | 'never' | 'dropped';

/** A project's rooms behind a gateway that treats the creations as planned; it counts the requests it got. */
async function startTarget(creations: Creation[]): Promise<{ server: Server; got: string[]; rooms: { id: string; roomData: Record<string, unknown> }[] }> {
  const got: string[] = [];
  const rooms: { id: string; roomData: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    got.push(`${req.method} ${req.url}`);
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'GET') return json(200, { status: 200, rooms: rooms.map((room) => ({ ...room, projectKey: 'abcdefghi' })) });
      const plan = creations.shift() ?? 'pass';
      if (plan === 'never') return json(502, {});
      const room = { id: String(rooms.length + 1), roomData: (JSON.parse(text) as { roomData: Record<string, unknown> }).roomData };
      rooms.push(room);
      if (plan === 'dropped') return void req.socket.destroy();
      if (plan === 'lost') return json(502, {});
      json(201, { status: 201, room: { ...room, projectKey: 'abcdefghi' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, got, rooms };
}

let pacer: PacerServer | undefined;
let server: Server | undefined;
afterEach(async () => {
  await pacer?.close();
  await new Promise((resolve) => server?.close(resolve));
  pacer = server = undefined;
});

async function useTarget(creations: Creation[]) {
  const started = await startTarget(creations);
  server = started.server;
  pacer = await startPacerServer({ leaseGroup: ['primary'] });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.current = {
    baseUrl: `${origin}/api/v2`,
    siteUrl: origin,
    profile: parseProfile({ name: 'test', siteUrl: origin, customers: { primary: { id: 'primary', tokens: ['token-primary'] } } }, 'test'),
    readOnly: false,
    pacerUrl: pacer.url,
    runId: 'test',
  };
  return started;
}

const primary = () => new CheckContext('[STAT-3] c', false, {} as TestContext).as('primary');
const ROOMS = '/api/v2/reports/abcdefghi/rooms';

describe('createRoomOnce: a room creation whose answer was lost, the room list checked before it is repeated', () => {
  it('takes the room from the list when the lost attempt made it, and creates no second one', async () => {
    const target = await useTarget(['lost']);
    const room = await createRoomOnce(primary(), 'abcdefghi', { raumBezeichnung: 'Bad x1' });
    expect(room).toMatchObject({ id: '1', roomData: { raumBezeichnung: 'Bad x1' } });
    expect(target.got).toEqual([`POST ${ROOMS}`, `GET ${ROOMS}`]);
    expect(target.rooms).toHaveLength(1);
  });

  it('takes it from the list after a dropped connection too', async () => {
    const target = await useTarget(['dropped']);
    expect((await createRoomOnce(primary(), 'abcdefghi', { raumBezeichnung: 'Bad x2' })).id).toBe('1');
    expect(target.rooms).toHaveLength(1);
  });

  it('sends the creation again only when the list lacks the room, and reads other rooms as none of its own', async () => {
    const target = await useTarget(['pass', 'never']);
    await createRoomOnce(primary(), 'abcdefghi', { raumBezeichnung: 'Küche x3' });
    const room = await createRoomOnce(primary(), 'abcdefghi', { raumBezeichnung: 'Bad x3' });
    expect(room).toMatchObject({ id: '2', roomData: { raumBezeichnung: 'Bad x3' } });
    expect(target.got).toEqual([`POST ${ROOMS}`, `POST ${ROOMS}`, `GET ${ROOMS}`, `POST ${ROOMS}`]);
  });

  it('leaves the check inconclusive once every attempt met a gateway, as a creation sent once does', async () => {
    const target = await useTarget(['never', 'never', 'never']);
    await expect(createRoomOnce(primary(), 'abcdefghi', { raumBezeichnung: 'Bad x4' })).rejects.toMatchObject({ name: 'PrerequisiteMissing', message: expect.stringMatching(/^inconclusive: POST .* was answered HTTP 502, a gateway's answer/) });
    expect(target.got.filter((r) => r.startsWith('POST'))).toHaveLength(3);
    expect(target.rooms).toHaveLength(0);
  });
});
