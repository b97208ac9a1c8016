import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, type RunningServer, type StartOptions } from './start.js';

export interface FolderServer extends RunningServer {
  /** The folder holding the database (reference.sqlite) and the written profile. */
  dir: string;
  profilePath: string;
}

export interface FolderOptions extends Partial<Omit<StartOptions, 'db' | 'profileOut'>> {
  /** A folder the caller owns and removes; without it a fresh temporary one, removed at close. */
  dir?: string;
  /** Name prefix of the temporary folder (mkdtemp appends six characters). */
  prefix?: string;
}

/**
 * The bundled server as the kit's tools start it beside themselves (a target, a benchmark, a
 * faulted server, a test): the demo seed, its database and profile in one folder, an ephemeral
 * loopback port. Every option of `startReferenceServer` but the two paths may be given.
 */
export async function startInFolder(options: FolderOptions = {}): Promise<FolderServer> {
  const { dir: given, prefix = 'cpf-server-', ...start } = options;
  const dir = given ?? mkdtempSync(join(tmpdir(), prefix));
  const removeOwn = () => {
    if (given === undefined) rmSync(dir, { recursive: true, force: true });
  };
  const profilePath = join(dir, 'profile.json');
  let server: RunningServer;
  try {
    server = await startReferenceServer({ port: 0, host: '127.0.0.1', seed: 'demo', ...start, db: join(dir, 'reference.sqlite'), profileOut: profilePath });
  } catch (err) {
    removeOwn();
    throw err;
  }
  return {
    ...server,
    dir,
    profilePath,
    close: async () => {
      await server.close();
      removeOwn();
    },
  };
}
