import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of the PROJ rules decidable from one exchange. */
export const projectWriteJudges: readonly JudgeFactory[] = [];
