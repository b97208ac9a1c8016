import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of RATE rules (the timeline). */
export const rateLimitJudges: readonly JudgeFactory[] = [];
