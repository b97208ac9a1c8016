import { describe, expect, it } from 'vitest';
import { sameFormId } from './same-form-id.js';

describe('an id of the same form', () => {
  it('keeps the length, a type prefix, separators and each character\'s class', () => {
    for (let i = 0; i < 50; i++) {
      expect(sameFormId('r0a1b2c3d4e5f6a7b')).toMatch(/^r[0-9][a-f][0-9][a-f][0-9][a-f][0-9][a-f][0-9][a-f][0-9][a-f][0-9][a-f][0-9][a-f]$/);
      expect(sameFormId('00020001')).toMatch(/^\d{8}$/);
      expect(sameFormId('APP-1234')).toMatch(/^APP-\d{4}$/);
    }
  });

  it('never names the id itself or a known one', () => {
    for (let i = 0; i < 200; i++) expect(['7', '8']).toContain(sameFormId('1', ['1', '2', '3', '4', '5', '6', '9', '0']));
  });

  it('refuses an id with nothing to draw', () => {
    expect(() => sameFormId('r-')).toThrow(/no id of the form/);
  });
});
