import { fundingExamples } from '../examples/funding.js';
import { PROJECT_NOT_FOUND, type ErrorCases, type OperationSpec } from '../operation.js';
import { fundingListResponse, fundingSingleResponse, projectFundingListResponse } from '../schemas/funding.js';

const LICENSE: ErrorCases['forbidden'] = {
  description: 'No valid license. Reading stays available to an unlocked customer after the license expired.',
  examples: ['forbiddenLicense'],
};
const LIST_PARAMETERS: ErrorCases['invalid'] = {
  description: 'Unknown, repeated or invalid list parameter (page 1 to 1000000, limit 1 to 100).',
  examples: ['fundingLimit', 'fundingUnknown'],
};
const PAGING = 'Sorted by application id descending; pages may shift under parallel changes.';

export const fundingOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/funding/applications',
    operationId: 'getFundingApplications',
    tag: 'Funding',
    summary: 'List own funding applications',
    description: `All own applications, including standalone, archived and canceled ones. ${PAGING}`,
    query: ['Page', 'Limit'],
    success: {
      status: 200,
      description: 'One page of applications.',
      schema: fundingListResponse,
      examples: { page: fundingExamples.list, pastTheEnd: fundingExamples.emptyPage },
    },
    errors: { forbidden: LICENSE, invalid: LIST_PARAMETERS },
  },
  {
    method: 'get',
    path: '/funding/applications/{applicationId}',
    operationId: 'getFundingApplication',
    tag: 'Funding',
    summary: 'Read a funding application',
    description: 'One own application.',
    success: { status: 200, description: 'The application.', schema: fundingSingleResponse, examples: { application: fundingExamples.single } },
    errors: { forbidden: LICENSE, notFound: 'No own application with this id.' },
  },
  {
    method: 'get',
    path: '/reports/{projectKey}/funding/applications',
    operationId: 'getProjectFundingApplications',
    tag: 'Funding',
    summary: "List a project's funding applications",
    description: `The applications bound to an own project; an own project without applications gives an empty list. Not merged with the customer's list. ${PAGING}`,
    query: ['Page', 'Limit'],
    success: {
      status: 200,
      description: 'One page of applications.',
      schema: projectFundingListResponse,
      examples: { page: fundingExamples.projectList },
    },
    errors: { forbidden: LICENSE, notFound: PROJECT_NOT_FOUND, invalid: LIST_PARAMETERS },
  },
];
