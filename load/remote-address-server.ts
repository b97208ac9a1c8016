import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = Buffer.from(JSON.stringify({ status: 200 }));

/**
 * For the tests of `--source-addresses`: a node:http server on 127.0.0.1 that answers every
 * request with a small JSON (201 to a POST) and notes where it came from and with which
 * Authorization header, as a target's limit per source address sees it. `closeEvery` n: every
 * n-th answer closes its connection, so the clients reconnect.
 */
export async function startRemoteAddressServer(o: { closeEvery?: number } = {}): Promise<{ baseUrl: string; seen: { address: string; authorization: string }[]; close(): Promise<void> }> {
  const seen: { address: string; authorization: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ address: req.socket.remoteAddress ?? 'unknown', authorization: req.headers.authorization ?? '' });
    req.resume();
    const close = o.closeEvery !== undefined && seen.length % o.closeEvery === 0;
    req.on('end', () => res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': BODY.length, ...(close ? { connection: 'close' } : {}) }).end(BODY));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
