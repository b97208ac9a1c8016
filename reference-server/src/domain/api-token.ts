import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the only form the customer ever sees. */
export function generateApiToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; a leaked database does not leak usable tokens. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
