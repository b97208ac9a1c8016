import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Nine lowercase letters from the CSPRNG: about 42 bits, never derived from the project id. */
export function generateProjectKey(): string {
  let key = '';
  for (let i = 0; i < 9; i++) key += LETTERS[randomInt(26)];
  return key;
}

/**
 * Routes accept nine letters of either case. Keys are stored lowercase, so an uppercase
 * spelling resolves to the same project; anything else is not a key and answers 404.
 */
export const ROUTE_KEY_PATTERN = /^[A-Za-z]{9}$/;

export function normalizeRouteKey(raw: string): string | undefined {
  return ROUTE_KEY_PATTERN.test(raw) ? raw.toLowerCase() : undefined;
}
