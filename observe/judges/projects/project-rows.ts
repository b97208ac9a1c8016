import type { EndpointId } from '../../../spec/endpoints.js';
/** The endpoint rows of projects (their ids in spec/endpoints.ts) that the judges test and declare they read. */
export const CREATION_ROW = 'reports.create';
export const WITH_DATA_ROW = 'reports.create-with-data';
/** The rows that create a project: POST /reports and POST /reports/with-data. */
export const CREATION_ROWS: readonly EndpointId[] = [CREATION_ROW, WITH_DATA_ROW];
export const LIST_ROW = 'reports.list';
export const DETAIL_ROW = 'reports.detail';
export const CHANGE_ROW = 'reports.change';
export const PASSWORD_ROW = 'reports.password';
