import { z } from 'zod';

/** Keys are stored lowercase; routes accept either case (see the path parameter). */
export const storedProjectKey = z.string().regex(/^[a-z]{9}$/).describe('Project key: nine lowercase letters.');

export const siteLink = (what: string) => z.url().describe(`${what}: a full URL under the site URL ({site_url}).`);

/** The JSON `status` every success body repeats (also in 201 creation responses: the historic value). */
export const status200 = z.literal(200).describe('Historic JSON status, always 200 (the HTTP status may be 201).');

export const action = (value: string) => z.literal(value).describe('Name of the operation that answered.');

/** Stored times as the server writes them: `Date.prototype.toISOString()`, UTC with `Z`. */
export const isoTimestamp = z.iso.datetime();
