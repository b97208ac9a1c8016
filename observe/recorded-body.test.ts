import { describe, expect, it } from 'vitest';
import { bodyFields, isTextualType } from './recorded-body.js';

describe('bodyFields', () => {
  it('text for textual types and for no type when the bytes are UTF-8; bytes otherwise', () => {
    const json = Buffer.from('{"a":"ä"}');
    expect(bodyFields(json, false, 'application/json; charset=utf-8', undefined)).toEqual({ bodyText: '{"a":"ä"}' });
    expect(bodyFields(json, false, 'application/problem+json', undefined)).toEqual({ bodyText: '{"a":"ä"}' });
    expect(bodyFields(json, false, undefined, undefined)).toEqual({ bodyText: '{"a":"ä"}' });
    expect(bodyFields(json, false, 'application/pdf', undefined)).toEqual({ bodyBinary: json });
    expect(bodyFields(json, false, 'application/json', 'gzip')).toEqual({ bodyBinary: json });
    expect(bodyFields(Buffer.from([0x7b, 0xff, 0x7d]), false, 'application/json', undefined)).toEqual({ bodyBinary: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(bodyFields(Buffer.alloc(0), false, 'application/json', undefined)).toEqual({});
  });

  it('keeps a byte order mark, and leaves out a character cut at the cap', () => {
    expect(bodyFields(Buffer.from('\ufeff{}'), false, 'application/json', undefined).bodyText).toBe('\ufeff{}');
    const cut = Buffer.from('aä').subarray(0, 2);
    expect(bodyFields(cut, true, 'text/plain', undefined)).toEqual({ bodyText: 'a' });
    expect(bodyFields(cut, false, 'text/plain', undefined)).toEqual({ bodyBinary: cut });
  });

  it('knows the textual types', () => {
    expect(['text/html', 'TEXT/CSV', 'application/json', 'application/vnd.api+json', 'application/xml', 'image/svg+xml', 'application/x-www-form-urlencoded'].every(isTextualType)).toBe(true);
    expect(['application/pdf', 'image/png', 'application/octet-stream', 'multipart/form-data; boundary=x', ''].some(isTextualType)).toBe(false);
  });
});
