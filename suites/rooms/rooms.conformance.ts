/**
 * Rooms ("Resources and their fields > Room", the roomData and floor tables, the room rows of the
 * endpoint table and endpoint rule 9).
 *
 * All checks run in one test file on purpose: the shared project of a leased pool customer
 * (`t.ownerWithProject('own-data-only')`) and its shared room are created once per customer and file, so one file
 * creates as few projects and rooms as the cases allow. Bodies the target must refuse are sent to
 * the shared project (a refused creation creates nothing), accepted values are PATCHed onto the
 * shared room and read back from the PATCH response while the check holds that field's lock.
 * Checks that depend on a room's full state create their own room.
 *
 * The checks live in modules by topic. The properties and the floor sequences are registered
 * first, so the longest chains start before the short checks; the checks of the refused PATCH
 * values beside valid ones come last, as they gather the cases every `rejectPatch` registered.
 */
import { baseDataLimitChecks } from './base-data-limits.js';
import { buildYearChecks } from './build-year-checks.js';
import { expiredLicenseChecks } from './expired-license-checks.js';
import { fieldValueChecks } from './field-value-checks.js';
import { floorTableChecks } from './floor-table-checks.js';
import { propertyChecks } from './property-checks.js';
import { invalidPatchesBesideValidChecks } from './room-cases.js';
import { roomObjectChecks } from './room-object-checks.js';
import { unwritableFieldChecks } from './unwritable-field-checks.js';
import { writeBodyChecks } from './write-body-checks.js';

baseDataLimitChecks();
propertyChecks();
floorTableChecks();
buildYearChecks();
roomObjectChecks();
expiredLicenseChecks();
fieldValueChecks();
unwritableFieldChecks();
writeBodyChecks();
invalidPatchesBesideValidChecks();
