/**
 * Bounds of what the sequence judges of the funding area remember. Only exchanges within the
 * sequence horizon (60 s) are compared, so the customers active lately and a walk's worth of
 * applications each suffice, however long a proxy observes.
 */
export const CUSTOMERS_REMEMBERED = 200;
export const APPLICATIONS_REMEMBERED = 1000;
/** Projects per customer whose key and id the judges keep (created, read, named by applications). */
export const PROJECTS_REMEMBERED = 500;
