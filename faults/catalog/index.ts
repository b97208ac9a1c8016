import type { Fault } from '../fault.js';
import { metaFaults } from './meta.js';
import { authFaults } from './auth.js';
import { errorFaults } from './errors.js';
import { projectFaults } from './projects/index.js';
import { roomFaults } from './rooms.js';
import { statusFaults } from './status.js';
import { fundingFaults } from './funding.js';
import { resultsFaults } from './results.js';
import { documentFaults } from './documents.js';
import { webhookFaults } from './webhook.js';
import { rateLimitFaults } from './rate-limit.js';
import { sweepFaults } from './sweeps.js';

/**
 * Every fault of the catalogue, area by area as the suites are laid out; ids are unique (checked
 * by the runner and a unit test).
 */
export const faults: Fault[] = [
  ...metaFaults,
  ...authFaults,
  ...errorFaults,
  ...projectFaults,
  ...roomFaults,
  ...statusFaults,
  ...fundingFaults,
  ...resultsFaults,
  ...documentFaults,
  ...webhookFaults,
  ...rateLimitFaults,
  ...sweepFaults,
];
