import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of AUTH and ERR rules. */
export const authJudges: readonly JudgeFactory[] = [];
