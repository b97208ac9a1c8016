import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { pictureUploadJudge } from './picture-upload.js';

const token = 't-picture-upload';
const path = '/reports/abcdefghi/pictures';
const list = (...ids: string[]): ExchangeSpec => ({ path, token, status: 200, responseBody: { pictures: ids.map((id) => ({ id, url: `/files/pictures/${id}`, type: 'room', roomName: null })) } });
const post = (status: number, body: unknown): ExchangeSpec => ({ method: 'POST', path, token, status, requestBody: { picture: { type: 'room', data: 'iVBOR' } }, responseBody: body });

describe('picture upload judge', () => {
  it('passes a refused upload that adds nothing to the list', () => {
    const o = observed([pictureUploadJudge], [list('p1'), post(404, { status: 404, error: 'Nicht gefunden', details: { type: 'not_found' } }), list('p1')]);
    expect(verdictsOf(o, ['DOC-20'])).toEqual({ 'DOC-20': 'pass 1/0' });
  });

  it('fails an upload taken (201) and the picture it added', () => {
    const o = observed([pictureUploadJudge], [list('p1'), post(201, { picture: { id: 'p9' } }), list('p1', 'p9')]);
    expect(verdictsOf(o, ['DOC-20'])).toEqual({ 'DOC-20': 'fail 2/2' });
  });

  it('judges no list without a POST between, nor a POST answered 429 or 5xx', () => {
    const o = observed([pictureUploadJudge], [
      list('p1'),
      list('p1', 'p2'),
      post(429, { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }),
      post(503, { status: 503, error: 'Nicht verfügbar', details: { type: 'service_unavailable' } }),
      list('p1', 'p2', 'p3'),
    ]);
    expect(verdictsOf(o, ['DOC-20'])).toEqual({ 'DOC-20': 'not-observed 0/0' });
  });
});
