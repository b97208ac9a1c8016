/**
 * Public meta endpoints, written from the endpoint table and "Versioning".
 *
 * Both objects are open: the endpoint table gives each payload with its members and types
 * (`{name: string, version: string}` and `{status: 'ok', api: string, version: string, timestamp:
 * date-time}` "(all required)"), but "all required" is not "only": no sentence closes them, so
 * further members are allowed.
 */
import { z } from 'zod';
import { dateTimeSchema } from './common.js';

/** "Interface version: 2.5.0 ...; `GET /` and `GET /health` return the version string." */
export const INTERFACE_VERSION = '2.5.0';
/** "in the path prefix `/api/v2`" */
export const PATH_PREFIX = '/api/v2';

/** GET / : `{name: string, version: string}` */
export const rootResponseSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
});
export type RootResponse = z.infer<typeof rootResponseSchema>;

/** GET /health : `{status: 'ok', api: string, version: string, timestamp: date-time}` (all required). */
export const healthResponseSchema = z.looseObject({
  status: z.literal('ok'),
  api: z.string(),
  version: z.string(),
  timestamp: dateTimeSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
