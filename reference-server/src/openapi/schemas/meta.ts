import { z } from 'zod';
import { responseSchemas } from './registries.js';

export const rootResponse = z
  .strictObject({
    name: z.string().describe('Name of the interface.'),
    version: z.string().describe('Interface version.'),
  })
  .register(responseSchemas, { id: 'ApiInfo' });

export const healthResponse = z
  .strictObject({
    status: z.literal('ok'),
    api: z.string().describe('Identifier of the interface.'),
    version: z.string().describe('Interface version.'),
    timestamp: z.iso.datetime().describe('Server time of the answer.'),
  })
  .describe('Reachability of the API code only: no database or license check.')
  .register(responseSchemas, { id: 'Health' });
