/**
 * Public meta endpoints, written from the endpoint table and "Versioning".
 *
 * Both objects are strict: the endpoint table writes each payload out completely with its types
 * (`{name: string, version: string}` and `{status: 'ok', api: string, version: string, timestamp:
 * date-time}` "(all required)"), and unlike the detail, list and PDF responses the spec does not say
 * that further fields are "not shown".
 */
import { z } from 'zod';
import { dateTimeSchema } from './common.js';

/** "Interface version: 2.5.0 ...; `GET /` and `GET /health` return the version string." */
export const INTERFACE_VERSION = '2.5.0';
/** "in the path prefix `/api/v2`" */
export const PATH_PREFIX = '/api/v2';

/** GET / : `{name: string, version: string}` */
export const rootResponseSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
});
export type RootResponse = z.infer<typeof rootResponseSchema>;

/** GET /health : `{status: 'ok', api: string, version: string, timestamp: date-time}` (all required). */
export const healthResponseSchema = z.strictObject({
  status: z.literal('ok'),
  api: z.string(),
  version: z.string(),
  timestamp: dateTimeSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
