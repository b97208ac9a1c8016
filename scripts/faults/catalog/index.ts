import type { Fault } from '../fault.js';
import { metaFaults } from './meta.js';

/** Every fault of the catalogue; ids are unique (checked by the runner). */
export const faults: Fault[] = [...metaFaults];
