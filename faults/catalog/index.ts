import type { Fault } from '../fault.js';
import { metaFaults } from './meta.js';
import { auditFaults } from './audit.js';
import { assertsFaults } from './asserts.js';
import { authFaults } from './auth.js';
import { documentFaults } from './documents.js';
import { errorFaults } from './errors.js';
import { fundingFaults } from './funding.js';
import { projectCoverageFaults } from './project-coverage.js';
import { hardeningFaults } from './hardening.js';
import { hooks2Faults } from './hooks2.js';
import { newRuleFaults } from './new-rules.js';
import { projectFaults } from './projects.js';
import { rateLimitFaults } from './rate-limit.js';
import { resultsFaults } from './results.js';
import { roomFaults } from './rooms.js';
import { ruleCoverageFaults } from './rule-coverage.js';
import { sweepFaults } from './sweeps.js';
import { sequenceFaults } from './sequences.js';
import { verdictFaults } from './verdicts.js';
import { webhookFaults } from './webhook.js';

/** Every fault of the catalogue; ids are unique (checked by the runner and a unit test). */
export const faults: Fault[] = [
  ...metaFaults,
  ...authFaults,
  ...errorFaults,
  ...fundingFaults,
  ...projectFaults,
  ...projectCoverageFaults,
  ...rateLimitFaults,
  ...roomFaults,
  ...resultsFaults,
  ...documentFaults,
  ...ruleCoverageFaults,
  ...verdictFaults,
  ...assertsFaults,
  ...hardeningFaults,
  ...webhookFaults,
  ...sweepFaults,
  ...newRuleFaults,
  ...sequenceFaults,
  ...hooks2Faults,
  ...auditFaults,
];
