import { describe, expect, it } from 'vitest';
import { curlLine, tokenVariable, type Exchange } from './exchange.js';

describe('curl lines', () => {
  it('name the variable of the profile role whose token the request needs', () => {
    expect(tokenVariable('primary')).toBe('CPF_TOKEN_PRIMARY');
    expect(tokenVariable('noHeatpumpRight')).toBe('CPF_TOKEN_NO_HEATPUMP_RIGHT');
    expect(tokenVariable('pool:3')).toBe('CPF_TOKEN_POOL_3');
    expect(tokenVariable('pool:3 token 1')).toBe('CPF_TOKEN_POOL_3');
    expect(tokenVariable('pool:3 token 2')).toBe('CPF_TOKEN_POOL_3_2');
    expect(tokenVariable('anonymous')).toBeUndefined();
    expect(tokenVariable('invalid token')).toBeUndefined();
  });

  it('take the token from that variable and keep everything else of the request', () => {
    const e: Exchange = {
      customer: 'expiredUnlocked',
      request: { method: 'PATCH', url: 'http://h/api/v2/reports/abcdefghi', headers: { authorization: 'Bearer <redacted>', 'content-type': 'application/json' }, body: '{"a":"it\'s"}' },
      sentAt: 0,
      receivedAt: 1,
    };
    expect(curlLine(e)).toBe(
      `curl -i -X PATCH 'http://h/api/v2/reports/abcdefghi' -H "Authorization: Bearer $CPF_TOKEN_EXPIRED_UNLOCKED" -H 'content-type: application/json' --data-binary '{"a":"it'\\''s"}'`,
    );
  });

  it('keep the scheme the check sent, e.g. a bare token without Bearer', () => {
    const e: Exchange = { customer: 'primary', request: { method: 'GET', url: 'http://h/api/v2/reports', headers: { authorization: '<redacted>' } }, sentAt: 0, receivedAt: 1 };
    expect(curlLine(e)).toBe(`curl -i -X GET 'http://h/api/v2/reports' -H "Authorization: $CPF_TOKEN_PRIMARY"`);
  });
});
