/**
 * The project field table ("Resources and their fields > Project") as validation matrices: every
 * field with its accepted values and their normalized read-back, its rejected values (422) alone
 * and beside a valid value of another field (nothing of a refused request may be stored), its
 * deletion, plus the general input rules (envelopes, unknown fields, scalars only) and fast-check
 * properties for normalization and range boundaries.
 *
 * Every check writes to the project of a leased pool customer (`t.ownerWithProject('own-data-only')`), one PATCH
 * per case, so cases run in parallel over the pool. A check that reads a field back holds the lock
 * of that field of that project (support.ts), so concurrent checks never race on one value.
 * The checks live in modules by field kind, with the case runners in field-cases.ts.
 */
import { besideValidChecks } from './beside-valid-checks.js';
import { codeChecks } from './code-field-checks.js';
import { envelopeChecks } from './envelope-checks.js';
import { fieldPropertyChecks } from './field-property-checks.js';
import { flagChecks } from './flag-checks.js';
import { numberChecks } from './number-field-checks.js';
import { contactPostalCodeChecks, projectPostalCodeChecks } from './postal-code-checks.js';
import { textFieldChecks } from './text-field-checks.js';

// The long checks are registered first so they start first (the properties, then the requests
// beside valid values, one chain per field); the matrices fill the pool around them.
fieldPropertyChecks();
besideValidChecks();
textFieldChecks();
projectPostalCodeChecks();
codeChecks();
numberChecks();
flagChecks();
contactPostalCodeChecks();
envelopeChecks();
