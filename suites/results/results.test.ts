/**
 * The results area: GET /reports/{projectKey}/results ("Resources and their fields > Results
 * response", endpoint rule 8, Authentication 6-8, "Errors", "Versioning").
 *
 * The projects of the profile belong to the primary customer, so nearly every check spends that
 * customer's budget of 2 requests per second (about 30 requests for the area). One test file (vitest
 * runs the checks of a file concurrently) keeps that budget busy from the first to the last request
 * and lets the checks share the answers several of them read; the checks live in modules by topic.
 */
import { accessChecks } from './access-checks.js';
import { effectChecks } from './effect-checks.js';
import { parameterChecks } from './parameter-checks.js';
import { responseChecks } from './response-checks.js';

responseChecks();
parameterChecks();
accessChecks();
effectChecks();
