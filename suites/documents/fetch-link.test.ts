import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckContext } from '../harness/check.js';
import { GatewayAnswered } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import { fetchLink } from './support.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A site serving a picture behind a gateway that answers 502 to the first `gatewayAnswers` requests. */
async function site(gatewayAnswers: number): Promise<string> {
  let left = gatewayAnswers;
  server = createServer((_req, res) => {
    if (left-- > 0) return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/pictures/p1?sig=x`;
}

const recorder = () => {
  const exchanges: Exchange[] = [];
  return { t: { record: (e: Exchange) => exchanges.push(e) } as unknown as CheckContext, exchanges };
};

describe('a site link behind a gateway', () => {
  it("is fetched again while the gateway answers in the target's place, every attempt recorded", async () => {
    const url = await site(1);
    const { t, exchanges } = recorder();
    const fetched = await fetchLink(t, url);
    expect(fetched.status).toBe(200);
    expect(fetched.contentType).toBe('image/png');
    expect(exchanges.map((e) => e.response?.status)).toEqual([502, 200]);
  });

  it('leaves the check inconclusive when only the gateway answered, never a 502 handed to a check', async () => {
    const url = await site(3);
    const { t, exchanges } = recorder();
    await expect(fetchLink(t, url)).rejects.toThrow(GatewayAnswered);
    expect(exchanges).toHaveLength(3);
  });
});
