/**
 * The auth area: authentication (every protected endpoint without, with an invalid or a foreign
 * token, a blocked customer), authorization and ownership, and that no answer shows a token. One
 * test file (vitest runs the checks of a file concurrently, one file per worker) keeps the area's
 * checks in flight together from the start of a run; the checks live in modules by topic, the
 * longest chains registered first. The existence oracles judge answer times and run in the quiet
 * phase, from a file of their own (existence-oracles.quiet.conformance.ts).
 */
import { readRunEnv } from '../../harness-core/run-env.js';
import { authenticationChecks, blockedCustomerChecks, invalidTokenChecks, missingTokenChecks } from './authentication.js';
import { authorizationChecks } from './authorization.js';
import { tokenLeakChecks } from './token-leak.js';

// A file runs its first checks (vitest's maxConcurrency) and the next as those end. Where the
// invalid-token lane sets the run's length, the checks that open it go first, the blocked
// customer's before the rest, so the lane's first window starts with the run and holds the
// requests that are slowest through it; the chains of role work follow as the lane's first
// requests are answered, and the lane's later requests wait for its next window behind them.
if (readRunEnv('laneLeads')) {
  blockedCustomerChecks();
  missingTokenChecks();
  tokenLeakChecks();
  authorizationChecks();
  invalidTokenChecks();
} else {
  tokenLeakChecks();
  authorizationChecks();
  missingTokenChecks();
  invalidTokenChecks();
  blockedCustomerChecks();
}
authenticationChecks();
