import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './signed-links.js';

describe('signed links', () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const signer = createLinkSigner('secret', () => now);
  const parse = (link: string) => {
    const url = new URL(link, 'http://x');
    return { path: url.pathname, expires: url.searchParams.get('expires') ?? undefined, sig: url.searchParams.get('sig') ?? undefined };
  };

  it('verifies its own links until they expire', () => {
    const { path, expires, sig } = parse(signer.sign('/files/documents/1/a.pdf', 60));
    expect(signer.verify(path, expires, sig)).toBe('valid');
    now = new Date(now.getTime() + 60_000);
    expect(signer.verify(path, expires, sig)).toBe('expired');
    now = new Date('2026-01-01T00:00:00Z');
  });

  it.each([
    ['another path', (l: ReturnType<typeof parse>) => ({ ...l, path: '/files/documents/2/a.pdf' })],
    ['a longer expiry', (l: ReturnType<typeof parse>) => ({ ...l, expires: String(Number(l.expires) + 3600) })],
    ['a changed signature', (l: ReturnType<typeof parse>) => ({ ...l, sig: `${l.sig?.slice(0, -1)}A` })],
    ['no signature', (l: ReturnType<typeof parse>) => ({ ...l, sig: undefined })],
    ['a non-numeric expiry', (l: ReturnType<typeof parse>) => ({ ...l, expires: 'tomorrow' })],
  ])('refuses %s', (_name, tamper) => {
    const t = tamper(parse(signer.sign('/files/documents/1/a.pdf', 60)));
    expect(signer.verify(t.path, t.expires, t.sig)).toBe('invalid');
  });

  it('refuses links of another secret', () => {
    const other = createLinkSigner('other', () => now);
    const { path, expires, sig } = parse(other.sign('/p', 60));
    expect(signer.verify(path, expires, sig)).toBe('invalid');
  });
});
