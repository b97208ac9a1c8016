import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { pdfAnswerJudge } from './pdf-answer.js';

const RULES = ['DOC-1', 'DOC-2', 'DOC-3', 'DOC-4', 'DOC-8'];
const token = 't-pdf-answer';
const site = 'https://site.example.test';

const pdf = (query: string, body: unknown, status = 200, headers?: Record<string, string>): ExchangeSpec => ({
  path: `/reports/abcdefghi/pdf${query}`,
  token,
  status,
  responseBody: body,
  ...(headers && { responseHeaders: headers }),
});
const answer = (id: number) => ({ status: 200, action: 'getPdf', linkToDocument: `${site}/files/documents/${id}/r.pdf?sig=a`, file: { url: `${site}/files/documents/${id}/r.pdf?sig=a`, viewerUrl: `${site}/files/viewer/${id}?sig=b` } });

describe('pdf answer judge', () => {
  it('passes JSON answers with full links, the readings FREE-DOC-1 to FREE-DOC-3 allow and both types', () => {
    const o = observed([pdfAnswerJudge], [
      pdf('', answer(1)),
      pdf('?type=service', { action: 'createPdf', expiresAt: 'later', linkToDocument: `${site}/files/viewer/2?sig=b`, file: { url: `${site}/files/documents/2/r.pdf?sig=a`, viewerUrl: `${site}/files/viewer/2?sig=b`, documentId: 2 } }),
      pdf('?type=check', { linkToDocument: `${site}/files/documents/3/c.pdf?s=1`, file: { url: `${site}/files/documents/3/c.pdf?s=1` } }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-1': 'pass 3/0', 'DOC-2': 'pass 3/0', 'DOC-3': 'pass 3/0', 'DOC-4': 'pass 2/0', 'DOC-8': 'pass 2/0' });
  });

  it('fails a PDF stream, relative links, a viewer off the site and a refused type', () => {
    const refused = { status: 422, error: 'Ungültiger Dokumenttyp', details: { type: 'validation', field: 'type' } };
    const o = observed([pdfAnswerJudge], [
      pdf('', '%PDF-1.7 ...', 200, { 'Content-Type': 'application/pdf' }),
      pdf('', { ...answer(4), linkToDocument: '/files/documents/4/r.pdf?sig=a', file: { url: '/files/documents/4/r.pdf?sig=a', viewerUrl: `${site}/files/viewer/4?sig=b` } }),
      pdf('', { ...answer(5), file: { ...answer(5).file, viewerUrl: 'https://viewer.elsewhere.example/files/viewer/5?sig=b' } }),
      pdf('?type=service', refused, 422),
      // A customer just seen getting a check holds the heat-pump right: refusing the type is DOC-8's.
      pdf('?type=check', answer(6)),
      pdf('?type=check', refused, 422),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-1': 'fail 4/1', 'DOC-2': 'fail 3/1', 'DOC-3': 'fail 3/1', 'DOC-4': 'fail 3/1', 'DOC-8': 'fail 3/2' });
  });

  it('leaves errors, a project without data, other queries, 429, 5xx and the links of an empty object unjudged', () => {
    const error = (status: number, type: string) => ({ status, error: 'Fehler', details: { type } });
    const o = observed([pdfAnswerJudge], [
      pdf('?type=service', error(422, 'calculation_unavailable'), 422),
      pdf('?type=check', error(403, 'authorization'), 403),
      // Without the heat-pump right (invisible) a wrong answer to a check is DOC-9's.
      pdf('?type=check', error(422, 'validation'), 422),
      pdf('?type=invoice', error(422, 'validation'), 422),
      pdf('?type=check&debug=1', error(422, 'validation'), 422),
      pdf('?type=check', error(429, 'rate_limit'), 429),
      pdf('', '<html>bad gateway</html>', 502, { 'Content-Type': 'text/html' }),
      // Served to a token the target should have refused (invisible here): no links to judge.
      pdf('?type=service', {}, 200),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-1': 'pass 1/0', 'DOC-2': 'not-observed 0/0', 'DOC-3': 'not-observed 0/0', 'DOC-4': 'not-observed 0/0', 'DOC-8': 'pass 1/0' });
  });
});
