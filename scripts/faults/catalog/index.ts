import type { Fault } from '../fault.js';
import { metaFaults } from './meta.js';
import { authFaults } from './auth.js';
import { documentFaults } from './documents.js';
import { errorFaults } from './errors.js';
import { fundingFaults } from './funding.js';
import { projectFaults } from './projects.js';
import { rateLimitFaults } from './rate-limit.js';
import { resultsFaults } from './results.js';
import { roomFaults } from './rooms.js';
import { sweepFaults } from './sweeps.js';

/** Every fault of the catalogue; ids are unique (checked by the runner). */
export const faults: Fault[] = [...metaFaults, ...authFaults, ...errorFaults, ...fundingFaults, ...projectFaults, ...rateLimitFaults, ...roomFaults, ...resultsFaults, ...documentFaults, ...sweepFaults];
