import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of RES rules. */
export const resultJudges: readonly JudgeFactory[] = [];
