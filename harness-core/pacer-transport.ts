import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PacerInterrupted } from './pacer-interrupted.js';

/** One route of the pacer's protocol: the JSON body of a POST in, the JSON answer out (none: `{}`). */
export type PacerRoute = (body: Record<string, unknown>) => Promise<unknown> | unknown;

export interface PacerTransport {
  url: string;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * The pacer's loopback HTTP endpoint: POST with a JSON body to one of `routes`. A route that fails
 * with PacerInterrupted answers 503 (the pacer-client's RunInterrupted), any other failure 500.
 */
export async function servePacerRoutes(routes: Record<string, PacerRoute>): Promise<PacerTransport> {
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    readJson(req)
      .then((body) => route(body))
      .then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? {}));
      })
      .catch((err: unknown) => res.writeHead(err instanceof PacerInterrupted ? 503 : 500).end(String(err)));
  });
  // Workers keep their connection to the pacer for the whole run.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
