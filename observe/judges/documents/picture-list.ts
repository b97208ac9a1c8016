import { z } from 'zod';
import { pictureSchema } from '../../../spec/contract/documents.js';
import type { Judge } from '../../judge/judge.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { bodyKnown, firstIssue, isEmptyObject } from '../results/results-read.js';
import { isPicturesRead, isSuccess, PICTURES_ROW } from './document-reads.js';
import { isPlainObject } from '../../json-value.js';

/** "`pictures[]` items: `id`, `url` ..., `type`, `roomName`": the spec types only the URL (FREE-DOC-7), so the others need only be there. */
const pictureItems = z.array(z.looseObject({ id: z.unknown(), url: pictureSchema.shape.url, type: z.unknown(), roomName: z.unknown() }));

/** The picture list: "HTTP 200, `pictures[]`", and the members of its items (DOC-15, DOC-16). */
export function pictureListJudge(): Judge {
  return {
    rules: ['DOC-15', 'DOC-16'],
    // The picture lists answered on their merits, which a 429 is not.
    reads: { endpoints: [PICTURES_ROW] },
    see(x, ledger) {
      if (!isPicturesRead(x) || !answeredOnItsMerits(x) || !isSuccess(x.status)) return;
      if (x.status !== 200) {
        ledger.broke('DOC-15', x, `a successful picture list answered HTTP ${x.status}, not 200`);
        return;
      }
      const body = x.responseJson;
      if (!bodyKnown(x) || isEmptyObject(body)) return;
      const pictures = isPlainObject(body) ? body.pictures : undefined;
      // FREE-DOC-8: members next to `pictures` may appear.
      ledger.judge('DOC-15', x, Array.isArray(pictures), () => 'the picture list answer holds no `pictures` array');
      if (!Array.isArray(pictures) || pictures.length === 0) return;
      const items = pictureItems.safeParse(pictures);
      ledger.judge('DOC-16', x, items.success, () => `a picture item lacks a member: pictures.${items.error ? firstIssue(items.error) : ''}`);
    },
  };
}
