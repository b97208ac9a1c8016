import type { JudgeFactory } from '../../judge/judge.js';
import { rateLimitTimelineJudge } from './timeline-judge.js';

/** Judges of RATE rules (the timeline). */
export const rateLimitJudges: readonly JudgeFactory[] = [rateLimitTimelineJudge];
