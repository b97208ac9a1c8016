import { variations } from '../variation.js';

/** Readings of the webhook area's freedoms (spec/freedoms/webhook.ts) that the reference server can take. */
export const webhookVariations = variations([]);
