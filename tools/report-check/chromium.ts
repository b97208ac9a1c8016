import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { readRunEnv } from '../../harness-core/run-env.js';

export type ChromiumLookup =
  | { kind: 'found'; path: string }
  | { kind: 'absent' }
  /** CPF_CHROMIUM names a file that is not there: a setup mistake, never a reason to skip. */
  | { kind: 'invalid'; message: string };

// Root on a closed network: no sandbox (needs user namespaces), and nothing that phones home.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const NAMES = ['chromium', 'chromium-browser'];
// Debian's package installs here; listed apart from PATH because sudo and cron strip PATH.
const DEBIAN_PATH = '/usr/bin/chromium';

/** The `isExecutable` of `findChromium` on this machine's file system. */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** CPF_CHROMIUM if set, else `chromium` or `chromium-browser` on PATH, else Debian's path. */
export function findChromium(env: NodeJS.ProcessEnv, isExecutable: (path: string) => boolean): ChromiumLookup {
  const explicit = readRunEnv('chromium', env)?.trim();
  if (explicit) {
    return isExecutable(explicit)
      ? { kind: 'found', path: explicit }
      : { kind: 'invalid', message: `CPF_CHROMIUM=${explicit} is not an executable file. Fix: point it at a Chromium binary, or unset it to search PATH` };
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  const candidates = [...new Set([...dirs.flatMap((dir) => NAMES.map((name) => join(dir, name))), DEBIAN_PATH])];
  const path = candidates.find(isExecutable);
  return path ? { kind: 'found', path } : { kind: 'absent' };
}

/** What to do without Chromium: skip (exit 0) unless CPF_REQUIRE_CHROMIUM=1 makes it a failure; `tool` names who needed it. */
export function absentChromium(env: NodeJS.ProcessEnv, tool = 'report:check'): { code: number; message: string } {
  const required = readRunEnv('requireChromium', env) === true;
  const what = required ? `${tool} FAILED: Chromium is required (CPF_REQUIRE_CHROMIUM=1) but was not found` : `${tool} SKIPPED: Chromium not found`;
  return {
    code: required ? 1 : 0,
    message: `${what} (looked for chromium and chromium-browser on PATH and ${DEBIAN_PATH}). Fix: apt-get install chromium, or set CPF_CHROMIUM=/path/to/chromium`,
  };
}
