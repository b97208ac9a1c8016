import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of DOC rules. */
export const documentJudges: readonly JudgeFactory[] = [];
