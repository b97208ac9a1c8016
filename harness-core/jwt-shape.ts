/**
 * AUTH-6's reading of "not a JWT": three base64url parts whose first decodes to a JSON object (a
 * JOSE header). The active check applies it to the profile's tokens, the passive judge to the
 * tokens it sees.
 */
export function isJwtShaped(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null;
  } catch {
    return false;
  }
}
