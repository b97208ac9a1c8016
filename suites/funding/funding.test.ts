/**
 * The funding area: read-only funding applications (spec "Funding application (read only)", the
 * funding status table, endpoint rule 10, Authentication 8, "Errors", "Limits").
 *
 * All funding data belongs to the primary customer, so most checks share its budget of 2 requests
 * per second. One test file (vitest runs the checks of a file concurrently) keeps that budget busy
 * from the first to the last request; the checks themselves live in the modules by endpoint.
 */
import { accessChecks } from './access-checks.js';
import { expectedValueChecks } from './expected-value-checks.js';
import { listChecks } from './list-checks.js';
import { projectChecks } from './project-checks.js';
import { singleChecks } from './single-checks.js';
import { storedDataChecks } from './stored-data-checks.js';

listChecks();
singleChecks();
projectChecks();
accessChecks();
expectedValueChecks();
storedDataChecks();
