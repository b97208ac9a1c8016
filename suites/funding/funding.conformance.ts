/**
 * The funding area: read-only funding applications (spec "Funding application (read only)", the
 * funding status table, endpoint rule 10, Authentication 8, "Errors", "Limits").
 *
 * The checks reading expected funding data lease a customer the profile gives it (the primary
 * customer, and pool customers with `resources.funding`: harness/resource-owner.ts) and share the
 * answers they all read per customer; one test file (vitest runs the checks of a file
 * concurrently) lets them share; the checks themselves live in the modules by endpoint.
 */
import { accessChecks } from './access-checks.js';
import { expectedValueChecks } from './expected-value-checks.js';
import { fieldChecks } from './field-checks.js';
import { listChecks } from './list-checks.js';
import { projectChecks } from './project-checks.js';
import { singleChecks } from './single-checks.js';
import { storedDataChecks } from './stored-data-checks.js';

listChecks();
fieldChecks();
singleChecks();
projectChecks();
accessChecks();
expectedValueChecks();
storedDataChecks();
