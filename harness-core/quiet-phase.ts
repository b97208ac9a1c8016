/**
 * The quiet phase: the checks that judge the target's answer times (AUTH-23's paired probes) take
 * their samples once every other file of the run has ended, so that the run's own load (the other
 * checks' requests, the workers' work on the same cores) is not in them. Their files are named
 * `<topic>.quiet.conformance.ts`, take the workers last, and ask the pacer's `/quiet` route, which
 * answers when only quiet files are left.
 *
 * The reporter (which sees the files start and end) and the pacer (started by the global setup)
 * live in vitest's main process but are loaded by different module loaders, so the state is kept
 * on globalThis, like the CLI's interrupt signal.
 */
import { monotonicNow } from './monotonic-clock.js';
import { CONFORMANCE_SUFFIX } from './suite-file.js';

export const QUIET_SUFFIX = `.quiet${CONFORMANCE_SUFFIX}`;

/**
 * How long a check of the quiet phase may collect its samples: with few pool customers it decides
 * on what it has then. The phase lasts about this long at most, which the floor estimate uses.
 */
export const QUIET_SAMPLING_SECONDS = 40;

export function isQuietFile(path: string): boolean {
  return path.endsWith(QUIET_SUFFIX);
}

export interface QuietPhase {
  /** The run's files, as the reporter learns them at the start. */
  runStarted(files: readonly string[]): void;
  fileEnded(file: string): void;
  /** Resolves when every file that is not a quiet one has ended, or the run is bound by the lane; at once when no run announced its files. */
  whenQuiet(): Promise<void>;
  /** Since when (monotonic-clock.ts) only quiet files are left, if they are. */
  quietSince(): number | undefined;
  /**
   * The run waits on the per-address limit alone (the pacer saw no customer's request for a while,
   * and requests wait in the invalid-token lane): the quiet phase opens then, while the lane waits,
   * since a lane paced at its window sends too little to be in the samples.
   */
  laneBound(): void;
  /** Whether every file but `file` and the quiet ones has ended (at once when no run announced its files). */
  othersEnded(file: string | undefined): boolean;
  /** Whether every file that has not ended (but the quiet ones) is among `files`; false when no run announced its files. */
  onlyPendingAmong(files: ReadonlySet<string>): boolean;
}

export function createQuietPhase(now: () => number = monotonicNow): QuietPhase {
  let pending: Set<string> | undefined;
  let since: number | undefined;
  const waiting: (() => void)[] = [];
  const settle = () => {
    if (pending && pending.size > 0) return;
    since ??= now();
    for (const wake of waiting.splice(0)) wake();
  };
  return {
    runStarted(files) {
      pending = new Set(files.filter((f) => !isQuietFile(f)));
      since = undefined;
      settle();
    },
    fileEnded(file) {
      pending?.delete(file);
      settle();
    },
    whenQuiet() {
      if (!pending || pending.size === 0) {
        since ??= now();
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    quietSince: () => since,
    laneBound() {
      since ??= now();
      for (const wake of waiting.splice(0)) wake();
    },
    othersEnded(file) {
      if (!pending) return true;
      for (const f of pending) if (f !== file) return false;
      return true;
    },
    onlyPendingAmong(files) {
      if (!pending) return false;
      for (const f of pending) if (!files.has(f)) return false;
      return true;
    },
  };
}

const KEY = Symbol.for('cpf-conformance.quiet-phase');

/** The process's quiet phase, shared by the reporter and the pacer. */
export function quietPhase(): QuietPhase {
  const holder = globalThis as { [KEY]?: QuietPhase };
  return (holder[KEY] ??= createQuietPhase());
}
