import { applicationView } from '../../domain/funding-view.js';
import { demoApplications } from '../../seed/funding-demo.js';
import type { FundingRow } from '../../store/funding.js';
import { EXAMPLE_PROJECT_KEY, type Example } from './common.js';

/** Rows of the demo seed: a project-bound one with an advisor and milestones, and a standalone one. */
const rows: FundingRow[] = demoApplications({ customerId: 1, projectIds: [1042], count: 10, firstId: 10055 }).map((row) => ({
  ...row,
  project_key: row.project_id === null ? null : EXAMPLE_PROJECT_KEY,
}));
const [projectBound, standalone] = [rows[5], rows[9]].map((row) => applicationView(row as FundingRow));

export const fundingExamples = {
  list: {
    summary: 'First page of two',
    value: { status: 200, action: 'getFundingApplications', applications: [standalone, projectBound], total: 64, page: 1, limit: 2 },
  },
  projectList: {
    summary: "A project's applications",
    value: { status: 200, action: 'getProjectFundingApplications', applications: [projectBound], total: 1, page: 1, limit: 50 },
  },
  emptyPage: {
    summary: 'A page past the end',
    value: { status: 200, action: 'getFundingApplications', applications: [], total: 64, page: 9, limit: 50 },
  },
  single: { summary: 'One application', value: { status: 200, action: 'getFundingApplication', application: projectBound } },
} satisfies Record<string, Example>;
