/**
 * The results area: GET /reports/{projectKey}/results ("Resources and their fields > Results
 * response", endpoint rule 8, Authentication 6-8, "Errors", "Versioning").
 *
 * The checks on a calculable project lease an owner of one (the primary customer, and pool
 * customers with `resources.calculable`: harness/resource-owner.ts). One test file (vitest runs the
 * checks of a file concurrently) lets the checks share the answers several of them read per owner;
 * the checks live in modules by topic.
 */
import { accessChecks } from './access-checks.js';
import { effectChecks } from './effect-checks.js';
import { parameterChecks } from './parameter-checks.js';
import { responseChecks } from './response-checks.js';

responseChecks();
parameterChecks();
accessChecks();
effectChecks();
