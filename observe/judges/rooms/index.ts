import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of ROOM rules. */
export const roomJudges: readonly JudgeFactory[] = [];
