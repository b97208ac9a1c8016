import type { JudgeFactory } from '../../judge/judge.js';
import { fundingEnvelopeJudge } from './envelopes.js';
import { applicationFieldJudge } from './fields.js';
import { listPagesJudge } from './pages.js';
import { listPagingJudge } from './paging.js';
import { listParameterJudge } from './parameters.js';
import { fundingProjectJudge } from './projects.js';
import { singleReadJudge } from './single-reads.js';
import { fundingWriteJudge } from './writes.js';

/** Judges of FUND rules: the answers and their applications, the list parameters and paging, and the customer's sequences. */
export const fundingJudges: readonly JudgeFactory[] = [
  fundingEnvelopeJudge,
  applicationFieldJudge,
  listParameterJudge,
  listPagingJudge,
  listPagesJudge,
  singleReadJudge,
  fundingProjectJudge,
  fundingWriteJudge,
];
