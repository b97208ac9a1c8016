import { variations } from '../variation.js';

/** Readings of the rooms area's freedoms (spec/freedoms/rooms.ts) that the reference server can take. */
export const roomsVariations = variations([]);
