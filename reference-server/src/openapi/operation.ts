import type { z } from 'zod';
import type { Example } from './examples/common.js';
import type { ErrorExampleName } from './examples/errors.js';
import type { ParameterName } from './parameters.js';

type Method = 'get' | 'post' | 'put' | 'patch';

export const TAGS = {
  Meta: 'Public endpoints: interface name, version and health. No token, not rate limited.',
  Projects: 'Own projects: list, creation (empty or with data), details, changes and the portal password.',
  Rooms: 'Base data of the rooms of an own project.',
  Funding: 'Own funding applications, read only (core fields).',
  Results: 'Calculation results of a project, computed on every call.',
  Documents: 'PDF documents (the call creates and stores one) and the pictures of a project.',
} as const;

type Tag = keyof typeof TAGS;

/** 404 of every operation on one project: missing, foreign and malformed keys answer the same. */
export const PROJECT_NOT_FOUND = 'No own project with this key (missing, foreign or malformed keys answer the same).';

/** The error cases of an operation beyond those every protected operation shares (401, 429, 500, 503). */
export interface ErrorCases {
  /** The operation reads a JSON body: 400, 413, 415. */
  body?: true;
  /** 403: why it happens here (every protected operation checks the license). */
  forbidden?: { description: string; examples: ErrorExampleName[] };
  /** 404: what is looked up. */
  notFound?: string;
  /** 422: what is validated, with examples of the server's answers. */
  invalid?: { description: string; examples: ErrorExampleName[] };
}

/** One operation of the API, in the terms the document builder turns into OpenAPI. */
export interface OperationSpec {
  method: Method;
  /** OpenAPI path template relative to the API prefix. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  /** No token: `GET /` and `GET /health`. */
  public?: true;
  query?: ParameterName[];
  body?: { schema: z.ZodType; required: boolean; description: string; examples: Record<string, Example> };
  success: { status: 200 | 201; description: string; schema: z.ZodType; examples: Record<string, Example> };
  /**
   * The path parameters whose value the success body gives for the resource the operation creates,
   * as JSON pointers into it (`{ projectKey: '/projektHeader/key' }`): the OpenAPI links to the
   * operations on that resource come from it (links.ts).
   */
  creates?: Record<string, string>;
  errors: ErrorCases;
}

/** Names of the `{parameters}` of an OpenAPI path template, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? '');
}
