import { variations } from '../variation.js';

/** Readings of the meta area's freedoms (spec/freedoms/meta.ts) that the reference server can take. */
export const metaVariations = variations([]);
