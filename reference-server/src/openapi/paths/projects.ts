import { passwordExample, projectListExample, projectResponseExamples, projectWriteExamples } from '../examples/projects.js';
import { PROJECT_NOT_FOUND, type ErrorCases, type OperationSpec } from '../operation.js';
import {
  creationResponse,
  passwordChangedResponse,
  projectDetailResponse,
  projectListResponse,
  projectUpdateResponse,
} from '../schemas/projects.js';
import { requestBodies } from '../schemas/requests.js';

const LICENSE: ErrorCases['forbidden'] = {
  description: 'No valid license: reading and changing own data needs an active annual or education license, or an expired one of an unlocked customer. A locked customer gets 403 on every protected endpoint; the license is checked before the project, so a 403 never tells whether a key exists.',
  examples: ['forbiddenLicense'],
};
const CREATION_LICENSE: ErrorCases['forbidden'] = {
  description: 'Creating projects needs an active annual or education license.',
  examples: ['forbiddenLicense'],
};
const FIELD_RULES =
  'Unknown field, wrong type or invalid value (only scalar values; at least one released field), both envelope names, or the body omitted. details.field names the offending field.';

export const projectOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/reports',
    operationId: 'getReports',
    tag: 'Projects',
    summary: 'List own projects in groups',
    description:
      'Own main projects grouped in projekte, leads, api and archiv; no pagination. Works for an unlocked customer after the annual license expired.',
    success: { status: 200, description: 'The grouped project list.', schema: projectListResponse, examples: { list: projectListExample } },
    errors: { forbidden: LICENSE },
  },
  {
    method: 'post',
    path: '/reports',
    operationId: 'createReport',
    tag: 'Projects',
    summary: 'Create an empty project',
    description:
      'Creates an empty project with a new key (nine lowercase letters). No idempotency key: a repeated call creates a duplicate project, so after a timeout check the project list first.',
    body: {
      schema: requestBodies.emptyCreate,
      required: false,
      description: 'Omitted, or an empty object.',
      examples: { empty: { summary: 'Empty object', value: {} } },
    },
    success: {
      status: 201,
      description: 'Created. The JSON status is the historic 200.',
      schema: creationResponse,
      examples: { created: projectResponseExamples.createdEmpty },
    },
    creates: { projectKey: '/projektHeader/key' },
    errors: { body: true, forbidden: CREATION_LICENSE, invalid: { description: 'The body has properties.', examples: ['emptyCreateBody'] } },
  },
  {
    method: 'post',
    path: '/reports/with-data',
    operationId: 'createReportWithData',
    tag: 'Projects',
    summary: 'Create a project with data',
    description:
      'Validates the data, then creates and fills the project in one step. No idempotency key: a repeated call creates a duplicate project, so after a timeout check the project list first.',
    body: {
      schema: requestBodies.projectWrite,
      required: true,
      description: 'The envelope projectData (recommended) or projektData (compatible), not both.',
      examples: { withData: projectWriteExamples.withData },
    },
    success: {
      status: 201,
      description: 'Created. The JSON status is the historic 200.',
      schema: creationResponse,
      examples: { created: projectResponseExamples.createdWithData },
    },
    creates: { projectKey: '/projektHeader/key' },
    errors: {
      body: true,
      forbidden: CREATION_LICENSE,
      invalid: { description: FIELD_RULES, examples: ['projectFieldRange', 'projectUnknownField', 'bothEnvelopes'] },
    },
  },
  {
    method: 'get',
    path: '/reports/{projectKey}',
    operationId: 'getReport',
    tag: 'Projects',
    summary: 'Read a project',
    description:
      'The project header and the released project data; no internal settings, passwords or owner data. Works for an unlocked customer after the annual license expired.',
    success: { status: 200, description: 'The project.', schema: projectDetailResponse, examples: { project: projectResponseExamples.detail } },
    errors: { forbidden: LICENSE, notFound: PROJECT_NOT_FOUND },
  },
  {
    method: 'patch',
    path: '/reports/{projectKey}',
    operationId: 'updateReport',
    tag: 'Projects',
    summary: 'Change project data',
    description: 'Changes only the sent released fields; empty or null deletes an optional value.',
    body: {
      schema: requestBodies.projectWrite,
      required: true,
      description: 'The envelope projectData (recommended) or projektData (compatible), not both.',
      examples: { patch: projectWriteExamples.patch },
    },
    success: {
      status: 200,
      description: 'Changed; the body shows the project after the change (the spec leaves the body open).',
      schema: projectUpdateResponse,
      examples: { updated: projectResponseExamples.updated },
    },
    errors: {
      body: true,
      forbidden: LICENSE,
      notFound: PROJECT_NOT_FOUND,
      invalid: { description: FIELD_RULES, examples: ['projectFieldRange', 'projectUnknownField', 'bothEnvelopes'] },
    },
  },
  {
    method: 'put',
    path: '/reports/{projectKey}/password',
    operationId: 'updatePassword',
    tag: 'Projects',
    summary: "Change the project's portal password",
    description: 'Changes the portal password of the project, not the API token. The password is stored only as a salted hash.',
    body: { schema: requestBodies.password, required: true, description: 'The new password and nothing else.', examples: { password: passwordExample } },
    success: {
      status: 200,
      description: 'Changed (the spec leaves the body open).',
      schema: passwordChangedResponse,
      examples: { changed: projectResponseExamples.passwordChanged },
    },
    errors: {
      body: true,
      forbidden: LICENSE,
      notFound: PROJECT_NOT_FOUND,
      invalid: { description: 'newPassword missing, not 12 to 256 characters, or other fields sent.', examples: ['password'] },
    },
  },
];
