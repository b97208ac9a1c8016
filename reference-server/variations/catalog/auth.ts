import { variations } from '../variation.js';

/** Readings of the auth area's freedoms (spec/freedoms/auth.ts) that the reference server can take. */
export const authVariations = variations([]);
