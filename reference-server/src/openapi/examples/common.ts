import { createLinkSigner } from '../../domain/signed-links.js';

/**
 * Examples are made by the server's own code (views, parsers, the engine, the link signer) from
 * fixed inputs, so they show exactly what this server answers and stay stable between builds.
 */
export const EXAMPLE_SITE_URL = 'https://portal.example.com';
export const EXAMPLE_TIME = new Date('2025-03-04T08:15:00.000Z');
export const EXAMPLE_PROJECT_KEY = 'qmzvrtkpa';

export const exampleSigner = createLinkSigner('example-signing-key', () => EXAMPLE_TIME);

/** An OpenAPI Example Object. */
export interface Example {
  summary: string;
  value: unknown;
}
