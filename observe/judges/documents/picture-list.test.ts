import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { pictureListJudge } from './picture-list.js';

const RULES = ['DOC-15', 'DOC-16'];
const token = 't-picture-list';
const list = (body: unknown, status = 200): ExchangeSpec => ({ path: '/reports/abcdefghi/pictures', token, status, responseBody: body });
const item = { id: 'p1', url: '/files/pictures/p1?expires=1&sig=x', type: 'room', roomName: 'Bad' };

describe('picture list judge', () => {
  it('passes lists with their items, further members and numeric ids (FREE-DOC-7, FREE-DOC-8)', () => {
    const o = observed([pictureListJudge], [
      list({ pictures: [item, { ...item, id: 'p2', roomName: null }] }),
      list({ status: 200, action: 'getPictures', count: 1, pictures: [{ ...item, id: 17, url: 'https://api.example.test/files/pictures/p1', capturedAt: 'x' }] }),
      list({ pictures: [] }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-15': 'pass 3/0', 'DOC-16': 'pass 2/0' });
  });

  it('fails a list under another name, an item without roomName and another success status', () => {
    const { roomName: _dropped, ...withoutRoom } = item;
    const o = observed([pictureListJudge], [list({ images: [item] }), list({ pictures: [withoutRoom] }), list({ pictures: [item] }, 203)]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-15': 'fail 3/2', 'DOC-16': 'fail 1/1' });
  });

  it('leaves errors, 429, 5xx and an empty object unjudged', () => {
    const o = observed([pictureListJudge], [
      list({ status: 404, error: 'Nicht gefunden', details: { type: 'not_found' } }, 404),
      list({ status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }, 429),
      list({ images: [] }, 500),
      list({}),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'DOC-15': 'not-observed 0/0', 'DOC-16': 'not-observed 0/0' });
  });
});
