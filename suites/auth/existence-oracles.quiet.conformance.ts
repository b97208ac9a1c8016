/**
 * AUTH-23, the existence oracles (existence-oracle/checks.ts). A quiet file: its checks take their
 * timing samples once every other file of the run has ended (harness-core/quiet-phase.ts), so the
 * run's own load does not blur what they can resolve.
 */
import { existenceOracleChecks } from './existence-oracle/checks.js';

existenceOracleChecks();
