import type { Fault } from '../fault.js';
import { metaFaults } from './meta.js';
import { authFaults } from './auth.js';
import { errorFaults } from './errors.js';
import { fundingFaults } from './funding.js';
import { projectFaults } from './projects.js';
import { resultsFaults } from './results.js';

/** Every fault of the catalogue; ids are unique (checked by the runner). */
export const faults: Fault[] = [...metaFaults, ...authFaults, ...errorFaults, ...fundingFaults, ...projectFaults, ...resultsFaults];
