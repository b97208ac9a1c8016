import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChargedFailure } from '../../harness-core/check-result.js';
import { ApiResponse, type RequestRecorder } from './client.js';
import { PrerequisiteMissing, readOnward } from './read-onward.js';

function answered(status: number, body: unknown, path = '/api/v2/reports/with-data'): { res: ApiResponse; charged: ChargedFailure[] } {
  const charged: ChargedFailure[] = [];
  const recorder: RequestRecorder = { record: () => undefined, checkName: '[ROOM-1] a check', expects429: false, ended: false, charge: (f) => charged.push(f) };
  const text = JSON.stringify(body);
  const exchange = { customer: 'primary', request: { method: 'POST', url: `http://127.0.0.1:1${path}`, headers: {} }, response: { status, headers: {}, body: text }, sentAt: 0, receivedAt: 1 };
  return { res: new ApiResponse(status, {}, text, exchange, recorder), charged };
}

const created = z.looseObject({ projektHeader: z.looseObject({ key: z.string() }) });
const read = (res: ApiResponse, extra: { owner: string; statusRule?: string }) => () => readOnward(res, { status: 201, schema: created, what: 'the creation answer', ...extra });

describe('a prerequisite read that breaks another rule', () => {
  it('fails the owner rule and leaves the check unjudged (skipped)', () => {
    const { res, charged } = answered(422, { status: 422 });
    expect(read(res, { owner: 'PROJ-84' })).toThrow(PrerequisiteMissing);
    expect(charged).toMatchObject([{ rule: 'PROJ-84', kind: 'POST /api/v2/reports/with-data answered HTTP 422, not 201', message: expect.stringMatching(/^PROJ-84 failed: the creation answer answered HTTP 422/) }]);
  });

  it('charges a wrong status to the status rule of an owner naming several, a wrong body to none of them', () => {
    const wrongStatus = answered(400, {});
    expect(read(wrongStatus.res, { owner: 'PROJ-84, PROJ-73 and PROJ-70', statusRule: 'PROJ-84' })).toThrow(PrerequisiteMissing);
    expect(wrongStatus.charged.map((c) => c.rule)).toEqual(['PROJ-84']);
    const wrongBody = answered(201, { projektHeader: {} });
    expect(read(wrongBody.res, { owner: 'PROJ-84, PROJ-73 and PROJ-70', statusRule: 'PROJ-84' })).toThrow(PrerequisiteMissing);
    expect(wrongBody.charged).toEqual([]);
  });

  it('charges nothing for answers a profile mistake or the moment may explain', () => {
    for (const status of [401, 403, 404, 429, 500, 503]) {
      const { res, charged } = answered(status, {});
      expect(read(res, { owner: 'PROJ-84' })).toThrow(PrerequisiteMissing);
      expect(charged, `HTTP ${status}`).toEqual([]);
    }
  });

  it('reads what the check needs when the answer holds it', () => {
    const { res, charged } = answered(201, { projektHeader: { key: 'abcdefghi' } });
    expect(read(res, { owner: 'PROJ-84' })().projektHeader.key).toBe('abcdefghi');
    expect(charged).toEqual([]);
  });
});
