import { FREEDOMS, isKnownFreedom } from '../../spec/freedoms/index.js';
import type { Profile } from '../../spec/profile.schema.js';
import type { AppDeps } from '../src/app.js';
import type { Variation } from './variation.js';
import { metaVariations } from './catalog/meta.js';
import { authVariations } from './catalog/auth.js';
import { errorsVariations } from './catalog/errors.js';
import { projectsVariations } from './catalog/projects.js';
import { roomsVariations } from './catalog/rooms.js';
import { statusVariations } from './catalog/status.js';
import { fundingVariations } from './catalog/funding.js';
import { resultsVariations } from './catalog/results.js';
import { documentsVariations } from './catalog/documents.js';
import { webhookVariations } from './catalog/webhook.js';
import { rateLimitVariations } from './catalog/rate-limit.js';

export type { Variation } from './variation.js';

/** Every variation of the reference server, area by area as the suites are laid out. */
export const VARIATIONS: readonly Variation[] = [
  ...metaVariations,
  ...authVariations,
  ...errorsVariations,
  ...projectsVariations,
  ...roomsVariations,
  ...statusVariations,
  ...fundingVariations,
  ...resultsVariations,
  ...documentsVariations,
  ...webhookVariations,
  ...rateLimitVariations,
];

export class UnknownVariation extends Error {}

/**
 * The variations `--vary` names: ids, or `all`. An unknown name lists the known ones, so a typo
 * never runs the plain server under a variation's name.
 */
export function selectVariations(names: readonly string[]): Variation[] {
  if (names.includes('all')) return [...VARIATIONS];
  return names.map((name) => {
    const found = VARIATIONS.find((v) => v.id === name);
    if (!found) throw new UnknownVariation(`--vary '${name}' is unknown. Fix: all, or one of ${VARIATIONS.map((v) => v.id).join(', ')}`);
    return found;
  });
}

/** The variations applied one after another: each wraps what the earlier ones configured. */
export function composeVariations(selected: readonly Variation[]): { configure(deps: AppDeps): AppDeps; profile(profile: Profile): Profile } {
  return {
    configure: (deps) => selected.reduce((d, v) => v.configure(d), deps),
    profile: (profile) => selected.reduce((p, v) => (v.profile ? v.profile(p) : p), profile),
  };
}

export interface FreedomCoverage {
  freedoms: number;
  varied: number;
  notVariable: { id: string; reason: string }[];
  /** Variable freedoms no variation names: a gap the catalogue test reports. */
  unvaried: string[];
  /** Freedom ids variations name that the catalogue does not hold. */
  unknown: string[];
}

export function freedomCoverage(list: readonly Variation[] = VARIATIONS): FreedomCoverage {
  const named = new Set(list.flatMap((v) => v.freedoms));
  return {
    freedoms: FREEDOMS.length,
    varied: FREEDOMS.filter((f) => named.has(f.id)).length,
    notVariable: FREEDOMS.filter((f) => f.notVariable !== undefined && !named.has(f.id)).map((f) => ({ id: f.id, reason: f.notVariable as string })),
    unvaried: FREEDOMS.filter((f) => f.notVariable === undefined && !named.has(f.id)).map((f) => f.id),
    unknown: [...named].filter((id) => !isKnownFreedom(id)),
  };
}

/** `freedom coverage: N freedoms, M varied (K not variable, each with its reason)`. */
export function formatFreedomCoverage(c: FreedomCoverage): string {
  const lines = [`freedom coverage: ${c.freedoms} freedoms, ${c.varied} varied (${c.notVariable.length} not variable, each with its reason)`];
  for (const n of c.notVariable) lines.push(`  ${n.id}: not variable: ${n.reason}`);
  if (c.unvaried.length > 0) lines.push(`  not yet varied: ${c.unvaried.join(', ')}`);
  return lines.join('\n');
}
