import type { JudgeFactory } from '../judge/judge.js';
import { authJudges } from './auth/index.js';
import { documentJudges } from './documents/index.js';
import { fundingJudges } from './funding/index.js';
import { metaJudge } from './meta.js';
import { projectSequenceJudges } from './projects/sequences.js';
import { projectWriteJudges } from './projects/writes.js';
import { rateLimitJudges } from './rate-limit/index.js';
import { resultJudges } from './results/index.js';
import { roomJudges } from './rooms/index.js';

/** Every judge of the passive judge, one factory each: an observation makes its own. */
export const JUDGES: readonly JudgeFactory[] = [
  metaJudge,
  ...authJudges,
  ...projectWriteJudges,
  ...projectSequenceJudges,
  ...roomJudges,
  ...fundingJudges,
  ...resultJudges,
  ...documentJudges,
  ...rateLimitJudges,
];
