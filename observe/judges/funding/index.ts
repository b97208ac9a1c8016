import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of FUND rules. */
export const fundingJudges: readonly JudgeFactory[] = [];
