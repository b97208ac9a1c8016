/**
 * Fresh projects: the spec sends exactly one delivery per project ever, so every webhook scenario
 * needs a calculable project that never had a PDF. Each is taken from a profile list and recorded
 * in a state file next to the profile BEFORE its first PDF is requested (a crashed run never hands
 * the same project to the next one); the event ids that arrived are recorded too, so HOOK-20 can
 * compare ids across runs. All webhook checks run in one vitest worker, so this module's state is
 * the only writer of its file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { HarnessError } from '../harness/client.js';
import { readRunEnv } from '../../harness-core/run-env.js';

interface UsedProject {
  projectKey: string;
  purpose: string;
  usedAt: string;
  eventIds: string[];
}

interface StateFile {
  $comment: string;
  used: UsedProject[];
}

function statePath(suffix: string): string {
  const profile = readRunEnv('profilePath');
  if (!profile) throw new HarnessError('CPF_PROFILE is not set: run the suites through `npm run conformance`');
  return `${profile}.${suffix}.json`;
}

function readState(path: string): StateFile {
  const empty: StateFile = { $comment: 'Written by the cpf-conformance webhook suite: fresh projects already used (one delivery per project ever).', used: [] };
  if (!existsSync(path)) return empty;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StateFile>;
    return { ...empty, used: Array.isArray(parsed.used) ? parsed.used : [] };
  } catch (err) {
    throw new HarnessError(`the webhook state file ${path} is not valid JSON (${(err as Error).message}); fix or delete it`);
  }
}

export class FreshProjects {
  private readonly path: string;
  private readonly state: StateFile;
  private readonly earlier: string[];

  /** `field` names the profile list in skip reasons; `suffix` the state file next to the profile. */
  constructor(
    private readonly keys: readonly string[],
    private readonly field: string,
    suffix: string,
  ) {
    this.path = statePath(suffix);
    this.state = readState(this.path);
    this.earlier = this.state.used.flatMap((u) => u.eventIds);
  }

  /** Event ids of deliveries recorded by earlier runs. */
  earlierEventIds(): string[] {
    return [...this.earlier];
  }

  /** The next unused key, recorded as used; or why there is none. */
  take(purpose: string): { key: string } | { skip: string } {
    const used = new Set(this.state.used.map((u) => u.projectKey.toLowerCase()));
    const key = this.keys.find((k) => !used.has(k.toLowerCase()));
    if (!key) {
      return { skip: `${this.field} has no project left without a PDF for "${purpose}" (${this.keys.length} listed, all used: ${this.path}); add calculable projects that never had a PDF` };
    }
    this.state.used.push({ projectKey: key, purpose, usedAt: new Date().toISOString(), eventIds: [] });
    this.write();
    return { key };
  }

  recordEventIds(key: string, ids: readonly string[]): void {
    const entry = this.state.used.find((u) => u.projectKey === key);
    if (!entry || ids.length === 0) return;
    entry.eventIds = [...new Set([...entry.eventIds, ...ids])];
    this.write();
  }

  private write(): void {
    writeFileSync(this.path, `${JSON.stringify(this.state, null, 2)}\n`, { mode: 0o600 });
  }
}
