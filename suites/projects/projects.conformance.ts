/**
 * The projects area apart from the field table (fields.test.ts): creation, reading and changing,
 * the project list, e-mail and password, project keys in any case, and foreign and non-existent
 * projects. One test file (vitest runs the checks of a file concurrently, one file per worker)
 * keeps these checks in flight together from the start of a run; the checks live in modules by
 * topic, the longest chains registered first.
 */
import { createChecks } from './create.js';
import { keyCaseChecks } from './key-case.js';
import { listEmailPasswordChecks } from './list-email-password.js';
import { notFoundChecks } from './not-found.js';
import { readChangeChecks } from './read-change.js';

keyCaseChecks();
listEmailPasswordChecks();
createChecks();
readChangeChecks();
notFoundChecks();
