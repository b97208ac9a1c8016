import { variations } from '../variation.js';

/** Readings of the rate-limit area's freedoms (spec/freedoms/rate-limit.ts) that the reference server can take. */
export const rateLimitVariations = variations([]);
