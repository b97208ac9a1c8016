import { pdfExample, picturesExample } from '../examples/documents.js';
import { resultsExample } from '../examples/results.js';
import { PROJECT_NOT_FOUND, type ErrorCases, type OperationSpec } from '../operation.js';
import { pdfResponse, picturesResponse } from '../schemas/documents.js';
import { resultsResponse } from '../schemas/results.js';

const CALCULATION_ACCESS: ErrorCases['forbidden'] = {
  description:
    'No active annual or education license (an expired one still reads data but calculates nothing), or the project lies outside the license radius.',
  examples: ['forbiddenLicense', 'forbiddenRadius'],
};

export const calculationOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/reports/{projectKey}/results',
    operationId: 'getResults',
    tag: 'Results',
    summary: 'Calculation results of a project',
    description:
      'Computed from the stored project data on every call. The system temperatures apply to this call only and change radiators, hydraulic balance, exchange and the heat-pump COP; floor heating groups stay at 10, 7 and 5 K. The current parameter name wins over its alias.',
    query: ['FlowTemperature', 'Spread', 'VorlaufT', 'Spreizung'],
    success: { status: 200, description: 'The results.', schema: resultsResponse, examples: { results: resultsExample } },
    errors: {
      forbidden: CALCULATION_ACCESS,
      notFound: PROJECT_NOT_FOUND,
      invalid: {
        description:
          "Invalid system temperatures (details.type validation), or data not sufficient for a calculation (details.type calculation_unavailable with calculationStatus 'unavailable').",
        examples: ['systemTemperature', 'calculationUnavailable'],
      },
    },
  },
  {
    method: 'get',
    path: '/reports/{projectKey}/pdf',
    operationId: 'getPdf',
    tag: 'Documents',
    summary: 'Create a PDF document',
    description:
      'Creates and stores a document on every call (not a pure read) and answers signed links, not the file. The first successful creation of a project triggers the pdf.generated webhook. HEAD runs the same checks and answers the status GET would, without a body and without creating anything.',
    query: ['PdfType'],
    success: { status: 200, description: 'Links to the new document.', schema: pdfResponse, examples: { document: pdfExample } },
    errors: {
      forbidden: { ...CALCULATION_ACCESS, description: `${CALCULATION_ACCESS.description} type=check also needs the heat-pump function right.` },
      notFound: PROJECT_NOT_FOUND,
      invalid: {
        description: 'Unknown type, or data not sufficient for a document (nothing is stored, no webhook).',
        examples: ['calculationUnavailable'],
      },
    },
  },
  {
    method: 'get',
    path: '/reports/{projectKey}/pictures',
    operationId: 'getPictures',
    tag: 'Documents',
    summary: 'List the pictures of a project',
    description: 'Signed, short-lived links; fetch the list again once they expired. There is no upload endpoint.',
    success: { status: 200, description: 'The pictures.', schema: picturesResponse, examples: { pictures: picturesExample } },
    errors: {
      forbidden: { description: 'No valid license.', examples: ['forbiddenLicense'] },
      notFound: PROJECT_NOT_FOUND,
    },
  },
];
