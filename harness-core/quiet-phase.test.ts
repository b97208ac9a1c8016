import { describe, expect, it } from 'vitest';
import { createQuietPhase, isQuietFile } from './quiet-phase.js';

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('the quiet phase', () => {
  it('opens when every file but the quiet ones has ended, and says since when', async () => {
    let clock = 1000;
    const phase = createQuietPhase(() => clock);
    phase.runStarted(['suites/auth/auth.conformance.ts', 'suites/meta/meta.conformance.ts', 'suites/auth/existence-oracles.quiet.conformance.ts']);
    const quiet = phase.whenQuiet();
    phase.fileEnded('suites/meta/meta.conformance.ts');
    expect(await settled(quiet)).toBe(false);
    expect(phase.quietSince()).toBeUndefined();
    clock = 5000;
    phase.fileEnded('suites/auth/auth.conformance.ts');
    expect(await settled(quiet)).toBe(true);
    expect(phase.quietSince()).toBe(5000);
  });

  it('is open at once when the run has only quiet files, or announced none', async () => {
    const only = createQuietPhase(() => 7);
    only.runStarted(['suites/auth/existence-oracles.quiet.conformance.ts']);
    expect(await settled(only.whenQuiet())).toBe(true);
    expect(only.quietSince()).toBe(7);
    expect(await settled(createQuietPhase().whenQuiet())).toBe(true);
  });

  it('tells quiet files by their suffix', () => {
    expect(isQuietFile('/x/suites/auth/existence-oracles.quiet.conformance.ts')).toBe(true);
    expect(isQuietFile('/x/suites/auth/auth.conformance.ts')).toBe(false);
  });
});
