import { inject } from 'vitest';
import type { CheckJudgement } from '../../harness-core/check-result.js';
import type { Profile } from '../../spec/profile.schema.js';

/** What the global setup hands every worker: the target, its profile and the pacer. */
export interface TargetContext {
  baseUrl: string;
  /** Under `--record`: the origin the recording proxy at `baseUrl`'s stands in for; links relative to a request name the proxy's. */
  recordedUpstream?: string;
  siteUrl: string;
  profile: Profile;
  readOnly: boolean;
  pacerUrl: string;
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cpfTarget: TargetContext;
  }
  export interface TaskMeta {
    rules?: string[];
    area?: string;
    skipReason?: string;
    /** What a passing check states about what it measured (e.g. the resolution of a timing probe). */
    note?: string;
    /** The rules the check judged, did not exercise, and failures of other rules it met (CheckContext.judgement). */
    judgement?: CheckJudgement;
  }
}

let cached: TargetContext | undefined;

export function target(): TargetContext {
  cached ??= inject('cpfTarget');
  return cached;
}
