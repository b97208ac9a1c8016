import type { Profile } from '../../spec/profile.schema.js';

/** A target ready for a run, whichever way it came up (target.ts, container-target.ts). */
export interface PreparedTarget {
  baseUrl: string;
  profile: Profile;
  profilePath: string;
  /**
   * 'bundled' when the CLI started the reference server itself, 'container' when it started the
   * target from --image; both belong to this run alone. 'external' targets may be shared.
   */
  kind: 'bundled' | 'container' | 'external';
  close(): Promise<void>;
}
