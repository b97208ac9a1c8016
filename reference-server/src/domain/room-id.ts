import { randomBytes } from 'node:crypto';

/** Opaque room ids: clients must take them exactly as returned, so nothing about them is guessable. */
export function generateRoomId(): string {
  return `r${randomBytes(8).toString('hex')}`;
}
