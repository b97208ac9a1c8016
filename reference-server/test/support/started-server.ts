import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer, type RunningServer, type StartOptions } from '../../src/start.js';

/** The bundled server as `startReferenceServer` builds it, on an ephemeral loopback port over an in-memory database without seed unless told. */
export function startOnLoopback(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startReferenceServer({ port: 0, host: '127.0.0.1', db: ':memory:', seed: 'none', ...options });
}

/** Runs `use` on a server of its own, closed however `use` ends. */
export async function withStartedServer<T>(options: Partial<StartOptions>, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startOnLoopback(options);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

/** A demo-seeded bundled server shared by a file's tests. */
export interface StartedDemoServer {
  readonly server: RunningServer;
  /** The primary customer's first token from the written profile. */
  readonly token: string;
}

/** Registers the hooks of a file (or describe block): started beforeAll with the demo seed, closed afterAll. */
export function useStartedServer(options: Partial<StartOptions> = {}): StartedDemoServer {
  const started = {} as { server: RunningServer; token: string };
  beforeAll(async () => {
    started.server = await startOnLoopback({ seed: 'demo', ...options });
    started.token = started.server.profile?.customers.primary.tokens[0] as string;
  });
  afterAll(() => started.server.close());
  return started;
}
