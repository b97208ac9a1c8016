import { API_ID, API_NAME, API_VERSION } from '../../version.js';
import { EXAMPLE_TIME } from '../examples/common.js';
import type { OperationSpec } from '../operation.js';
import { healthResponse, rootResponse } from '../schemas/meta.js';

export const metaOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/',
    operationId: 'getApiInfo',
    tag: 'Meta',
    summary: 'Name and version of the interface',
    description: 'Public: no token, not counted by the rate limit.',
    public: true,
    success: {
      status: 200,
      description: 'Name and version.',
      schema: rootResponse,
      examples: { info: { summary: 'This interface', value: { name: API_NAME, version: API_VERSION } } },
    },
    errors: {},
  },
  {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'Meta',
    summary: 'Reachability of the API',
    description: 'Public: no token, not counted by the rate limit. Checks the API code only: no database or license check.',
    public: true,
    success: {
      status: 200,
      description: 'The API code answers.',
      schema: healthResponse,
      examples: {
        healthy: { summary: 'Healthy', value: { status: 'ok', api: API_ID, version: API_VERSION, timestamp: EXAMPLE_TIME.toISOString() } },
      },
    },
    errors: {},
  },
];
