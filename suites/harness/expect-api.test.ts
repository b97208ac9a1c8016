import { describe, expect, it } from 'vitest';
import { ApiResponse } from './client.js';
import { expectCreatedKey, expectError, expectIndistinguishable } from './expect-api.js';

function answer(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new ApiResponse(status, { 'content-type': 'application/json', ...headers }, text, {
    customer: 'test',
    request: { method: 'GET', url: 'http://127.0.0.1/api/v2/reports/x', headers: {} },
    sentAt: 0,
    receivedAt: 0,
  });
}

const notFound = (key: string, extra: Record<string, unknown> = {}) => ({ status: 404, error: `Projekt ${key} nicht gefunden.`, details: { type: 'not_found' }, ...extra });

describe('expectError', () => {
  it('takes further members of the envelope and of details, and any field or none', () => {
    expect(() => expectError(answer(422, { status: 422, error: 'Ungültig.', details: { type: 'validation', field: 'roomData.raumHoehe', hinweis: 'x' }, action: 'fehler' }), 422, 'validation')).not.toThrow();
    expect(() => expectError(answer(422, { status: 422, error: 'Ungültig.', details: { type: 'validation' } }), 422, 'validation')).not.toThrow();
  });

  it('refuses a field that is no string, a body status other than the HTTP one, another type', () => {
    expect(() => expectError(answer(422, { status: 422, error: 'x', details: { type: 'validation', field: 1 } }), 422, 'validation')).toThrow();
    expect(() => expectError(answer(422, { status: '422', error: 'x', details: { type: 'validation' } }), 422, 'validation')).toThrow();
    expect(() => expectError(answer(404, { status: 404, error: 'x', details: { type: 'validation' } }), 404, 'not_found')).toThrow();
  });
});

describe('expectIndistinguishable', () => {
  it('passes answers that differ only in echoed identifiers, member order and per-request values', () => {
    const foreign = { res: answer(404, { details: { type: 'not_found' }, requestId: 'b', error: 'Projekt FOREIGNKY nicht gefunden.', status: 404 }, { 'x-request-id': '2' }), ids: ['foreignky'] };
    const first = { res: answer(404, notFound('missinga', { requestId: 'a' }), { 'x-request-id': '1' }), ids: ['missinga'] };
    const second = { res: answer(404, notFound('missingb', { requestId: 'c' }), { 'x-request-id': '3' }), ids: ['missingb'] };
    expect(() => expectIndistinguishable(foreign, [first, second], 'test')).not.toThrow();
  });

  it('fails on another message, another member, another status or another header name', () => {
    const missing = [{ res: answer(404, notFound('missinga')), ids: ['missinga'] }, { res: answer(404, notFound('missingb')), ids: ['missingb'] }] as const;
    const fails = (res: ApiResponse) => expect(() => expectIndistinguishable({ res, ids: ['foreignky'] }, missing, 'test')).toThrow();
    fails(answer(404, { ...notFound('foreignky'), error: 'Das Projekt gehört einem anderen Kunden.' }));
    fails(answer(404, notFound('foreignky', { owner: 'someone' })));
    fails(answer(403, notFound('foreignky')));
    fails(answer(404, notFound('foreignky'), { 'x-owner': 'someone' }));
  });

  it('takes a value that grows between the two answers for non-existent resources as noise', () => {
    const at = (time: string) => notFound('k', { timestamp: time });
    const missing = [{ res: answer(404, at('10:00:01')), ids: [] }, { res: answer(404, at('10:00:02')), ids: [] }] as const;
    expect(() => expectIndistinguishable({ res: answer(404, at('10:00:01')), ids: [] }, missing, 'test')).not.toThrow();
  });
});

describe('expectCreatedKey', () => {
  it('is an assertion when a creation response has no projektHeader.key', () => {
    expect(() => expectCreatedKey(answer(201, { status: 200, header: { key: 'abcdefghi' } }))).toThrow(
      expect.objectContaining({ name: 'AssertionError', message: expect.stringMatching(/must carry projektHeader\.key \(PROJ-84\)/) }),
    );
  });

  it('gives the key of a creation response that has one', () => {
    expect(expectCreatedKey(answer(201, { status: 200, projektHeader: { key: 'abcdefghi' } }))).toBe('abcdefghi');
  });
});
