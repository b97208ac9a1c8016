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
  /**
   * Under `--record`: the origin the recording proxy, at `baseUrl`'s, stands in for. A link the
   * target hands out relative to a request then names the proxy's origin, and stands for this one.
   */
  recordedUpstream?: string;
  close(): Promise<void>;
}
