import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = Buffer.from(JSON.stringify({ status: 200, action: 'getReports', projekte: [], leads: [], api: [], archiv: [] }));

/**
 * The physical limit of the load side: a bare node:http server answering every request with the
 * same small JSON (201 to a POST, as a creation), whatever its path or token. A run against it measures how many
 * requests one load process can make on this machine.
 */
export async function startBareJsonServer(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': BODY.length }).end(BODY));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
