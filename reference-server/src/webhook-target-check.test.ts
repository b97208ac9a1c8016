import { describe, expect, it } from 'vitest';
import { checkWebhookTarget } from './webhook-target-check.js';
import type { Resolver } from './webhook/guarded-fetch.js';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('checkWebhookTarget: what the sender would refuse, refused when configured', () => {
  it.each([
    ['not a URL', 'hooks.example.com/x', /absolute URL/],
    ['another scheme', 'ftp://hooks.example.com/x', /scheme ftp:/],
    ['credentials', 'https://user:pw@hooks.example.com/x', /credentials/],
    ['loopback literal', 'http://127.0.0.1:8099/hook', /loopback/],
    ['loopback in inet_aton notation', 'http://0x7f.1/hook', /loopback/],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook', /IPv4-mapped/],
    ['private range', 'https://10.1.2.3/hook', /RFC 1918/],
    ['documentation range', 'https://203.0.113.7/hook', /documentation/],
  ])('refuses %s', async (_what, url, reason) => {
    const verdict = await checkWebhookTarget(url, { allowLoopback: false, resolve: resolvesTo('93.184.215.14') });
    expect(verdict).toEqual({ refused: expect.stringMatching(reason) as unknown });
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const verdict = await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: resolvesTo('93.184.215.14', '192.168.1.5') });
    expect(verdict).toEqual({ refused: expect.stringMatching(/192\.168\.1\.5 refused/) as unknown });
  });

  it('accepts public targets, and loopback only when allowed', async () => {
    expect(await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') })).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://127.0.0.1:8099/hook', { allowLoopback: true })).toEqual({ ok: true });
  });

  it('does not refuse a name that does not resolve now, but says so', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: failing })).toEqual({ unresolved: expect.stringMatching(/ENOTFOUND/) as unknown });
  });
});
