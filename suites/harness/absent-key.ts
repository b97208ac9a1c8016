import { randomBytes } from 'node:crypto';

/** A well-formed project key that no project has: nine random lowercase letters (26^9 keys), drawn per call. */
export function absentProjectKey(): string {
  return Array.from(randomBytes(9), (b) => String.fromCharCode(97 + (b % 26))).join('');
}
