import type { Fault } from '../../fault.js';
import { projectAccessFaults } from './access.js';
import { projectCreationFaults } from './creation.js';
import { projectFieldFaults } from './fields.js';
import { projectPasswordFaults } from './password.js';
import { projectReadChangeFaults } from './read-change.js';

/** The faults of the project area, topic by topic. */
export const projectFaults: Fault[] = [...projectAccessFaults, ...projectCreationFaults, ...projectFieldFaults, ...projectReadChangeFaults, ...projectPasswordFaults];
