import { variations } from '../variation.js';

/** Readings of the funding area's freedoms (spec/freedoms/funding.ts) that the reference server can take. */
export const fundingVariations = variations([]);
