import type { JudgeFactory } from '../../judge/judge.js';

/** Judges of the PROJ and STAT rules decidable from a customer's sequence, and STAT rules from one exchange. */
export const projectSequenceJudges: readonly JudgeFactory[] = [];
