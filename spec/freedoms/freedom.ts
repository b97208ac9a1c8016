import type { Area } from '../rules/catalog.js';

/**
 * A place where the spec leaves the reading open: a target may answer either way and still conform.
 * The kit's checks must accept every reading a freedom permits; the reference server can take each
 * variable freedom as a variation (reference-server/variations), and the suites must pass against
 * every variation.
 */
export interface Freedom {
  /** Stable id, `FREE-<AREA>-<n>`; never renumbered or reused. */
  id: string;
  area: Area;
  /** The spec's words that leave the room (or, where the spec is silent, the sentence that stops short). */
  quote: string;
  /** What a conforming target may do that the reference server does not (or does differently). */
  reading: string;
  /**
   * Why no variation of the reference server can take this reading, when none can (a freedom of
   * the client, one the server's seed fixes, ...). Absent: a variation must name the freedom.
   */
  notVariable?: string;
}

const ID = /^FREE-[A-Z]+-\d+$/;

/** Builds an area's list and checks its ids (a typo would otherwise only show as a coverage gap). */
export function freedoms(area: Area, list: readonly Omit<Freedom, 'area'>[]): Freedom[] {
  return list.map((f) => {
    if (!ID.test(f.id)) throw new Error(`freedom id ${f.id} is not of the form FREE-<AREA>-<n>`);
    return { ...f, area };
  });
}
