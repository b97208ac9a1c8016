import type { Request } from 'express';

/**
 * Which request is which. Paths are relative to the API prefix, as middleware inside the API
 * router sees them; the results matcher reads `originalUrl`, so it also holds where the app-level
 * error mapper writes the answer.
 */

export const is = (method: string, path: RegExp) => (req: Request) => req.method === method && path.test(req.path);

/** GET /, GET /health and OPTIONS: the endpoints without authentication. */
export const isPublic = (req: Request) => req.method === 'OPTIONS' || (req.method === 'GET' && (req.path === '/' || req.path === '/health'));

/** `/reports/{key}` and everything below it; group 1 is the key, group 2 the rest of the path. */
export const PROJECT_PATH = /^\/reports\/([A-Za-z]{9})(\/.*)?$/;

export const projectKeyOf = (req: Request) => PROJECT_PATH.exec(req.path)?.[1];
const isProjectItself = (req: Request) => {
  const match = PROJECT_PATH.exec(req.path);
  return match !== null && match[2] === undefined;
};

export const isCreateEmpty = (req: Request) => req.method === 'POST' && req.path === '/reports';
export const isWithData = (req: Request) => req.method === 'POST' && req.path === '/reports/with-data';
export const isPatchProject = (req: Request) => req.method === 'PATCH' && isProjectItself(req);
export const isProjectDetail = (req: Request) => req.method === 'GET' && isProjectItself(req);
/** PATCH /reports/{key} or POST /reports/with-data: the requests that carry a project envelope. */
export const isProjectWrite = (req: Request) => isPatchProject(req) || isWithData(req);
export const isPassword = is('PUT', /^\/reports\/[A-Za-z]{9}\/password$/);

export const PDF_PATH = /^\/reports\/([A-Za-z]+)\/pdf$/;
export const PICTURES_PATH = /^\/reports\/([A-Za-z]+)\/pictures$/;
export const isPdf = is('GET', PDF_PATH);
export const isPictures = is('GET', PICTURES_PATH);

export const ROOM_LIST_PATH = /^\/reports\/([^/]+)\/rooms$/;
export const ONE_ROOM_PATH = /^\/reports\/([^/]+)\/rooms\/([^/]+)$/;
export const isRoomCreation = is('POST', ROOM_LIST_PATH);
export const isRoomChange = is('PATCH', ONE_ROOM_PATH);
export const isRoomWrite = (req: Request) => isRoomCreation(req) || isRoomChange(req);
export const isRoomPath = (req: Request) => ROOM_LIST_PATH.test(req.path) || ONE_ROOM_PATH.test(req.path);

export const FUNDING_LIST_PATH = /^\/funding\/applications\/?$/;
export const FUNDING_SINGLE_PATH = /^\/funding\/applications\/([^/]+)$/;
export const PROJECT_FUNDING_LIST_PATH = /^\/reports\/([^/]+)\/funding\/applications\/?$/;
export const isFundingList = (req: Request) => FUNDING_LIST_PATH.test(req.path) || PROJECT_FUNDING_LIST_PATH.test(req.path);
/** Any request on a funding path, whatever its method. */
export const isFunding = (req: Request) => isFundingList(req) || FUNDING_SINGLE_PATH.test(req.path);

const RESULTS_PATH = /\/reports\/([^/]+)\/results$/;
const fullPathOf = (req: Request) => (req.originalUrl || req.url).split('?', 1)[0] ?? '';
export const isResults = (req: Request) => req.method === 'GET' && RESULTS_PATH.test(fullPathOf(req));
export const resultsKeyOf = (req: Request) => RESULTS_PATH.exec(fullPathOf(req))?.[1];
/** The query as the client sent it (before any rewrite of `req.url`). */
export const sentQueryOf = (req: Request) => new URLSearchParams((req.originalUrl || req.url).split('?', 2)[1] ?? '');
