import type { Freedom } from './freedom.js';
import { metaFreedoms } from './meta.js';
import { authFreedoms } from './auth.js';
import { errorsFreedoms } from './errors.js';
import { projectsFreedoms } from './projects.js';
import { roomsFreedoms } from './rooms.js';
import { statusFreedoms } from './status.js';
import { fundingFreedoms } from './funding.js';
import { resultsFreedoms } from './results.js';
import { documentsFreedoms } from './documents.js';
import { webhookFreedoms } from './webhook.js';
import { rateLimitFreedoms } from './rate-limit.js';

export type { Freedom } from './freedom.js';

/**
 * The freedom catalogue: every place where the spec leaves the reading open, with its sentence.
 * Checks accept every reading listed here; the reference server's variations take them.
 */
export const FREEDOMS: readonly Freedom[] = [
  ...metaFreedoms,
  ...authFreedoms,
  ...errorsFreedoms,
  ...projectsFreedoms,
  ...roomsFreedoms,
  ...statusFreedoms,
  ...fundingFreedoms,
  ...resultsFreedoms,
  ...documentsFreedoms,
  ...webhookFreedoms,
  ...rateLimitFreedoms,
];

const byId = new Map(FREEDOMS.map((f) => [f.id, f]));
if (byId.size !== FREEDOMS.length) throw new Error('duplicate freedom ids in spec/freedoms');

export function isKnownFreedom(id: string): boolean {
  return byId.has(id);
}

export function getFreedom(id: string): Freedom {
  const freedom = byId.get(id);
  if (!freedom) throw new Error(`unknown freedom ${id}`);
  return freedom;
}
