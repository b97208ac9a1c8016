import { freedoms } from './freedom.js';

/** Freedoms of the webhook area: each quotes the spec's words that leave the reading open. */
export const webhookFreedoms = freedoms('webhook', []);
