import type { JudgeFactory } from '../../judge/judge.js';
import { projectCreationsJudge } from './sequence-creations.js';
import { keyCaseJudge } from './sequence-key-case.js';
import { ownProjectRoutesJudge } from './sequence-own-routes.js';
import { passwordSequenceJudge } from './sequence-password.js';
import { patchKeepsOthersJudge } from './sequence-patch.js';
import { projectReadBackJudge } from './sequence-read-back.js';
import { statusAnswerJudge } from './status-answers.js';
import { fundingStatusWriteJudge } from './status-funding.js';
import { statusTransitionJudge } from './status-transitions.js';

/** Judges of the PROJ and STAT rules decidable from a customer's sequence, and STAT rules from one exchange. */
export const projectSequenceJudges: readonly JudgeFactory[] = [
  keyCaseJudge,
  projectReadBackJudge,
  patchKeepsOthersJudge,
  ownProjectRoutesJudge,
  projectCreationsJudge,
  passwordSequenceJudge,
  statusAnswerJudge,
  statusTransitionJudge,
  fundingStatusWriteJudge,
];
