import { variations } from '../variation.js';

/** Readings of the status area's freedoms (spec/freedoms/status.ts) that the reference server can take. */
export const statusVariations = variations([]);
