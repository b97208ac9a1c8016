import type { JudgeFactory } from '../../judge/judge.js';
import { roomAnswerJudge } from './answers.js';
import { roomDefaultsJudge } from './defaults.js';
import { roomIdentityJudge } from './identity.js';
import { roomStateJudge } from './states.js';

/** Judges of ROOM rules: the answers, the creation defaults, the writes and a room from answer to answer, and room ids across projects. */
export const roomJudges: readonly JudgeFactory[] = [roomAnswerJudge, roomDefaultsJudge, roomStateJudge, roomIdentityJudge];
