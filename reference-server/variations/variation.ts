import type { AppDeps } from '../src/app.js';
import type { Profile } from '../../spec/profile.schema.js';

/**
 * Another reading the spec permits, taken by the reference server through the same seams as the
 * faults: where a fault proves that a check can fail, a variation proves that it fails only when the
 * spec is broken. `npm run conformance -- --vary all` must pass.
 */
export interface Variation {
  /** The name `--vary` takes: lowercase words joined by dashes. */
  id: string;
  /** The freedoms of spec/freedoms this reading exercises. */
  freedoms: readonly string[];
  description: string;
  /** Takes the other reading; composed with the other variations of a run, so it must wrap, not replace. */
  configure(deps: AppDeps): AppDeps;
  /**
   * What an implementer taking this reading writes in its profile (a limit whose value the spec
   * does not show, say): applied to the profile the seed writes.
   */
  profile?(profile: Profile): Profile;
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Builds an area's list and checks the names `--vary` will take. */
export function variations(list: readonly Variation[]): Variation[] {
  for (const v of list) if (!ID.test(v.id)) throw new Error(`variation id ${v.id} must be lowercase words joined by dashes`);
  return [...list];
}
