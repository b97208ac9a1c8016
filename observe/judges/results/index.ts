import type { JudgeFactory } from '../../judge/judge.js';
import { resultsEnvelopeJudge } from './envelope.js';
import { floorHeatingJudge } from './floor-heating.js';
import { influenceJudge } from './influence.js';
import { notStoredJudge } from './not-stored.js';
import { systemTemperatureJudge } from './parameters.js';

/** Judges of RES rules: the answer and its floor heating balance, the system temperatures, and what a call with them leaves behind. */
export const resultJudges: readonly JudgeFactory[] = [resultsEnvelopeJudge, floorHeatingJudge, systemTemperatureJudge, notStoredJudge, influenceJudge];
