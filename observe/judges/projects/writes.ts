import type { JudgeFactory } from '../../judge/judge.js';
import { creationAnswerJudge } from './answers-creation.js';
import { projectListJudge } from './answers-list.js';
import { malformedKeyJudge } from './answers-malformed-key.js';
import { projectAnswerJudge } from './answers-project.js';
import { emptyCreationJudge } from './write-empty-creation.js';
import { passwordWriteJudge } from './write-password.js';
import { projectDataWriteJudge } from './write-project-data.js';

/** Judges of the PROJ rules decidable from one exchange. */
export const projectWriteJudges: readonly JudgeFactory[] = [
  projectDataWriteJudge,
  emptyCreationJudge,
  passwordWriteJudge,
  creationAnswerJudge,
  projectAnswerJudge,
  projectListJudge,
  malformedKeyJudge,
];
