import { variations } from '../variation.js';

/** Readings of the documents area's freedoms (spec/freedoms/documents.ts) that the reference server can take. */
export const documentsVariations = variations([]);
