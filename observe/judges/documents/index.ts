import type { JudgeFactory } from '../../judge/judge.js';
import { handedLinksJudge } from './handed-links.js';
import { pdfAnswerJudge } from './pdf-answer.js';
import { pictureListJudge } from './picture-list.js';
import { pictureUploadJudge } from './picture-upload.js';

/** Judges of DOC rules: the pdf answer, the picture list, the links they hand out and their fetches, and the missing upload. */
export const documentJudges: readonly JudgeFactory[] = [pdfAnswerJudge, pictureListJudge, handedLinksJudge, pictureUploadJudge];
