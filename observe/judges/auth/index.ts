import type { JudgeFactory } from '../../judge/judge.js';
import { authenticationJudge } from './authentication.js';
import { errorEnvelopeJudge } from './error-envelope.js';
import { inputValidationJudge } from './input-validation.js';
import { rateLimitAnswerJudge } from './rate-limit-answers.js';
import { requestBodyJudge } from './request-bodies.js';
import { tokenJudge } from './tokens.js';
import { unknownPathJudge } from './unknown-paths.js';

/** Judges of AUTH and ERR rules. */
export const authJudges: readonly JudgeFactory[] = [
  authenticationJudge,
  tokenJudge,
  errorEnvelopeJudge,
  unknownPathJudge,
  requestBodyJudge,
  inputValidationJudge,
  rateLimitAnswerJudge,
];
