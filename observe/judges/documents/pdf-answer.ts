import { PDF_TYPES, pdfFileSchema, pdfResponseSchema } from '../../../spec/contract/documents.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { bodyKnown, isEmptyObject, shown } from '../results/results-read.js';
import { isPdfRead, isSuccess, PDF_ROW } from './document-reads.js';
import { isPlainObject } from '../../json-value.js';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The pdf answer: JSON with full document links, and the two `type` values accepted (DOC-1 to DOC-4, DOC-8). */
export function pdfAnswerJudge(): Judge {
  const checkAdmitted = new BoundedMap<string, ExchangeView>(MAX_CUSTOMERS, SEQUENCE_HORIZON_MS);
  return {
    rules: ['DOC-1', 'DOC-2', 'DOC-3', 'DOC-4', 'DOC-8'],
    // The pdf reads answered on their merits, which a 429 is not.
    reads: { endpoints: [PDF_ROW] },
    see(x, ledger) {
      if (!isPdfRead(x) || !answeredOnItsMerits(x)) return;
      typeAccepted(x, ledger, checkAdmitted);
      if (!isSuccess(x.status)) return;
      // "JSON (not a PDF stream)", "HTTP 200, PDF response"
      const contentType = (x.responseHeader('content-type') ?? '').trim();
      const known = bodyKnown(x);
      const body = known ? x.responseJson : {};
      ledger.judge('DOC-1', x, x.status === 200 && JSON_TYPE.test(contentType) && isPlainObject(body), () => `a successful pdf answer is HTTP ${x.status} with Content-Type "${contentType.slice(0, 60)}"${isPlainObject(body) ? '' : ' and no JSON object'}, not 200 with JSON`);
      if (x.status === 200 && known && isPlainObject(body) && !isEmptyObject(body)) links(x, ledger, body);
    },
  };
}

const MAX_CUSTOMERS = 4096;

/**
 * DOC-8: "query `type`: `service` (default) or `check`"; a project without sufficient data may
 * answer 422 calculation_unavailable first. `type=check` "additionally needs the heat-pump function
 * right", which is not visible: a refusal of it counts only for a customer the same traffic just saw
 * get a check, for without the right a wrong answer is DOC-9's.
 */
function typeAccepted(x: ExchangeView, ledger: Ledger, checkAdmitted: BoundedMap<string, ExchangeView>): void {
  const names = [...x.query.keys()];
  const type = x.query.get('type');
  if (names.length !== 1 || names[0] !== 'type' || !(PDF_TYPES as readonly (string | null)[]).includes(type)) return;
  if (x.status === 200) {
    ledger.held('DOC-8', x);
    if (type === 'check' && x.customer !== undefined) checkAdmitted.set(x.customer, x, x.answeredAt);
    return;
  }
  if (x.status !== 422 || detailsType(x) !== 'validation') return;
  const admitted = type === 'check' && x.customer !== undefined ? checkAdmitted.get(x.customer) : undefined;
  if (type === 'service') ledger.broke('DOC-8', x, 'GET .../pdf?type=service was refused with 422 validation');
  else if (admitted && followsClosely(admitted, x)) ledger.broke('DOC-8', x, 'GET .../pdf?type=check was refused with 422 validation, shortly after the same customer got a check', [admitted]);
}

/**
 * DOC-2 to DOC-4: "`linkToDocument` and `file.url` (full URLs under `{site_url}`) and, when
 * present, `file.viewerUrl`". The site is not known passively, but links under one site share its
 * origin: a link whose origin the other two agree against is not under it.
 */
function links(x: ExchangeView, ledger: Ledger, body: Record<string, unknown>): void {
  const file = isPlainObject(body.file) ? body.file : {};
  const named = [
    { rule: 'DOC-2', name: 'linkToDocument', value: body.linkToDocument, form: pdfResponseSchema.shape.linkToDocument.safeParse(body.linkToDocument).success },
    { rule: 'DOC-3', name: 'file.url', value: file.url, form: pdfFileSchema.shape.url.safeParse(file.url).success },
    ...(file.viewerUrl === undefined ? [] : [{ rule: 'DOC-4', name: 'file.viewerUrl', value: file.viewerUrl, form: pdfFileSchema.shape.url.safeParse(file.viewerUrl).success }]),
  ];
  const origins = named.map((l) => (l.form ? new URL(l.value as string).origin : undefined));
  for (const [i, link] of named.entries()) {
    const others = origins.filter((_, j) => j !== i);
    const outvoted = origins.length === 3 && others.every((o) => o !== undefined && o === others[0]) && origins[i] !== others[0];
    const why = !link.form ? 'is not a full URL' : `lies on ${origins[i]}, while the other links lie on ${others[0]}: not under the same {site_url}`;
    ledger.judge(link.rule, x, link.form && !outvoted, () => `${link.name} ${shown(link.value, 100)} ${why}`);
  }
}
