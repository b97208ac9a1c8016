import { createServer, type RequestListener } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { createApp, type AppDeps } from '../../src/app.js';
import { manualClock } from '../../src/clock.js';
import { generateApiToken, hashApiToken } from '../../src/domain/api-token.js';
import type { NewCustomer } from '../../src/store/customers.js';
import { seedDemo, type SeedResult } from '../../src/seed/demo.js';
import { openDatabase } from '../../src/store/database.js';
import { createStore, type Store } from '../../src/store/store.js';

export const unlimited = { tryAdmit: () => true, size: () => 0 };

export interface TestServer {
  url: string;
  app: Express;
  store: Store;
  clock: ReturnType<typeof manualClock>;
  tokenFor(customer: NewCustomer): { id: number; token: string };
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback over an in-memory database; the limiter is off unless given. */
export async function startTestServer(overrides: Partial<AppDeps> = {}): Promise<TestServer> {
  const store = createStore(openDatabase(':memory:'));
  const clock = manualClock();
  const app = createApp({ store, clock, siteUrl: 'https://site.example', limiter: unlimited, ...overrides });
  const { url, close } = await listenOnLoopback(app);
  return {
    url,
    app,
    store,
    clock,
    tokenFor(customer) {
      const id = store.customers.create(customer);
      const token = generateApiToken();
      store.customers.addToken(id, hashApiToken(token), 'test', new Date());
      return { id, token };
    },
    request(path, init = {}) {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      return fetch(`${url}/api/v2${path}`, { ...rest, headers });
    },
    close,
  };
}

/** An HTTP server for the handler on an ephemeral loopback port; closing it also ends kept-alive connections. */
export async function listenOnLoopback(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
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

export function jsonInit(method: string, body: unknown, token: string): RequestInit & { token: string } {
  return { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The demo data set on a test server, started before a file's tests and closed after them. */
export interface DemoServer {
  readonly server: TestServer;
  readonly seed: SeedResult;
  /** The primary customer's first token. */
  readonly token: string;
}

/** Registers the hooks of a file (or describe block) that reads the demo data; its members are set once beforeAll ran. */
export function useDemoServer(overrides: Partial<AppDeps> = {}): DemoServer {
  const demo = {} as { server: TestServer; seed: SeedResult; token: string };
  beforeAll(async () => {
    demo.server = await startTestServer(overrides);
    demo.seed = seedDemo(demo.server.store, demo.server.clock);
    demo.token = demo.seed.customers.primary.tokens[0] as string;
  });
  afterAll(() => demo.server.close());
  return demo;
}
