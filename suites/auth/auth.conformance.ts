/**
 * The auth area: authentication (every protected endpoint without, with an invalid or a foreign
 * token, a blocked customer), authorization and ownership, and that no answer shows a token. One
 * test file (vitest runs the checks of a file concurrently, one file per worker) keeps the area's
 * checks in flight together from the start of a run; the checks live in modules by topic, the
 * longest chains registered first. The existence oracles judge answer times and run in the quiet
 * phase, from a file of their own (existence-oracles.quiet.conformance.ts).
 */
import { authenticationChecks } from './authentication.js';
import { authorizationChecks } from './authorization.js';
import { tokenLeakChecks } from './token-leak.js';

tokenLeakChecks();
authorizationChecks();
authenticationChecks();
