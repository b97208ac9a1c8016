import { z } from 'zod';

/**
 * The named schemas of the document (`components.schemas`), by direction: request bodies are
 * converted as the server reads them (zod input), everything the server sends as it writes it.
 */
export const requestSchemas = z.registry<{ id: string }>();
export const responseSchemas = z.registry<{ id: string }>();
