import type { Profile } from '../../spec/profile.schema.js';

/** What the bundled target's thread is started with. */
export interface ServerThreadData {
  /** The folder of the database and the profile (the main thread removes it at the end). */
  dir: string;
  /** Variations of the bundled server by id, as `--vary` names them. */
  vary: readonly string[];
}

/** From the thread. */
export type FromServerThread =
  | { kind: 'log'; line: string }
  | { kind: 'ready'; baseUrl: string; profile: Profile; profilePath: string }
  /** `usage`: the start failed on what the user named (an unknown variation). */
  | { kind: 'failed'; message: string; usage: boolean }
  | { kind: 'closed' };

/** To the thread. */
export type ToServerThread = { kind: 'close' };
