import { variations } from '../variation.js';

/** Readings of the projects area's freedoms (spec/freedoms/projects.ts) that the reference server can take. */
export const projectsVariations = variations([]);
