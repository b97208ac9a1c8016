import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, time-limited links: an HMAC-SHA256 over the path and the expiry second. Changing the
 * path, the expiry or the signature invalidates the link; the secret never leaves the server.
 */
export interface LinkSigner {
  sign(path: string, lifetimeSeconds: number): string;
  verify(path: string, expires: unknown, signature: unknown): 'valid' | 'expired' | 'invalid';
}

export const LINK_LIFETIME = { documentSeconds: 3600, pictureSeconds: 900 } as const;

export function createLinkSigner(secret: string, now: () => Date): LinkSigner {
  const mac = (path: string, expires: number) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
  return {
    sign(path, lifetimeSeconds) {
      const expires = Math.floor(now().getTime() / 1000) + lifetimeSeconds;
      return `${path}?expires=${expires}&sig=${mac(path, expires)}`;
    },
    verify(path, expires, signature) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'invalid';
      const expected = Buffer.from(mac(path, Number(expires)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return Number(expires) * 1000 <= now().getTime() ? 'expired' : 'valid';
    },
  };
}
