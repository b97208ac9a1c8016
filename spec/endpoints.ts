/**
 * The endpoint table of the spec ("Endpoints", with its endpoint rules, "Authentication" 4 and
 * "Limits"), one row per method and path, written from the spec and not from any implementation.
 *
 * The suites generate their "every protected endpoint" sweeps from it and the fault catalogue its
 * per-endpoint faults, so a row added here is swept by every rule that covers it. Applicability is
 * derived from the properties of a row (access, body kind, path parameters, writes), never listed
 * per rule.
 *
 * spec/ is the spine shared by suites and scripts: it imports nothing from suites/, scripts/ or
 * reference-server/.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS';

export type PathParameter = 'projectKey' | 'roomId' | 'applicationId';

/**
 * What goes in (column "Payload in"). "Write bodies need `Content-Type: application/json` and at
 * most 65536 bytes" applies to every kind but `none`; `empty-object-or-omitted` may also be left
 * out entirely, and an omitted body is no write body (it needs no Content-Type).
 */
export type BodyKind =
  /** no body */
  | 'none'
  /** POST /reports: "body omitted or `{}` (no properties allowed)" */
  | 'empty-object-or-omitted'
  /** "envelope `projectData` (or `projektData`) with project fields" */
  | 'project-envelope'
  /** `{newPassword: string, 12 to 256 characters}`, no other fields */
  | 'password'
  /** `{roomData: {...}}` */
  | 'room';

export interface QueryParameter {
  name: string;
  /** The values the spec lists, when it lists them. */
  values?: readonly string[];
  /** The spec's words on it. */
  rule: string;
}

/** A row of the table whose id is `Id`: the table's own rows keep their literal ids, so that `EndpointId` is the union of them. */
interface EndpointRow<Id extends string> {
  /** Stable name of the row, e.g. `rooms.change`; used in fault ids. */
  id: Id;
  method: Method;
  /** Relative to `{base_url}`, with `{projectKey}`, `{roomId}`, `{applicationId}`. */
  path: string;
  access: 'public' | 'token';
  body: BodyKind;
  /** "body required" (an omitted one is refused); false where it may be omitted or there is none. */
  bodyRequired: boolean;
  query: readonly QueryParameter[];
  /** HTTP status of a minimal valid request on an own resource of a customer with every right. */
  success: number;
  /**
   * The success above needs a project whose data suffices for a calculation ("Incomplete data
   * gives 422 ... `calculation_unavailable`"); on a new project the answer differs.
   */
  needsCalculableProject: boolean;
  /** Creates or changes data: creation, changes, password, rooms, and pdf ("not a pure read"). */
  writes: boolean;
  /**
   * A minimal valid body (for `none`: undefined). `text` is the caller's label for names and
   * notes; it must meet the field's length rule (room name 1 to 120 characters, note at most 255).
   */
  minimalBody: MinimalBody;
}

type MinimalBody = (text: string) => Record<string, unknown> | undefined;

/** "JSON body: at most 64 KiB (65536 bytes)" (Limits); the error table's 413 is above it. */
export const MAX_BODY_BYTES = 65536;

/** "Password: 12 to 256 characters". */
const MINIMAL_PASSWORD = 'cpf-conformance-Passwort-1';

const NO_QUERY: readonly QueryParameter[] = [];
const PAGING: readonly QueryParameter[] = [
  { name: 'page', rule: 'starts at 1; maximum 1000000; unknown or invalid list parameters give 422' },
  { name: 'limit', rule: 'default 50, maximum 100; unknown or invalid list parameters give 422' },
];
const noBody = () => undefined;

/** Everything of a row that does not vary much: a protected read of an own resource. */
function read<Id extends string>(id: Id, path: string, overrides: Partial<EndpointRow<Id>> = {}): EndpointRow<Id> {
  return {
    id,
    method: 'GET',
    path,
    access: 'token',
    body: 'none',
    bodyRequired: false,
    query: NO_QUERY,
    success: 200,
    needsCalculableProject: false,
    writes: false,
    minimalBody: noBody,
    ...overrides,
  };
}

function write<Id extends string>(id: Id, method: Method, path: string, body: BodyKind, success: number, minimalBody: MinimalBody): EndpointRow<Id> {
  return {
    id,
    method,
    path,
    access: 'token',
    body,
    bodyRequired: body !== 'empty-object-or-omitted',
    query: NO_QUERY,
    success,
    needsCalculableProject: false,
    writes: true,
    minimalBody,
  };
}

const ROWS = [
  read('meta.root', '/', { access: 'public' }),
  read('meta.health', '/health', { access: 'public' }),
  // "OPTIONS | any API path": `*` stands for every path, existing or not.
  read('meta.options', '*', { method: 'OPTIONS', access: 'public', success: 204 }),
  read('reports.list', '/reports'),
  write('reports.create', 'POST', '/reports', 'empty-object-or-omitted', 201, () => ({})),
  write('reports.create-with-data', 'POST', '/reports/with-data', 'project-envelope', 201, (text) => ({ projectData: { projektName: text } })),
  read('reports.detail', '/reports/{projectKey}'),
  write('reports.change', 'PATCH', '/reports/{projectKey}', 'project-envelope', 200, (text) => ({ projectData: { projektName: text } })),
  write('reports.password', 'PUT', '/reports/{projectKey}/password', 'password', 200, () => ({ newPassword: MINIMAL_PASSWORD })),
  read('reports.pdf', '/reports/{projectKey}/pdf', {
    query: [{ name: 'type', values: ['service', 'check'], rule: '`service` (default) or `check`; `check` additionally needs the heat-pump function right' }],
    needsCalculableProject: true,
    writes: true,
  }),
  read('reports.pictures', '/reports/{projectKey}/pictures'),
  read('reports.results', '/reports/{projectKey}/results', {
    query: [
      { name: 'flowTemperature', rule: 'number 25 to 95, together with `spread`' },
      { name: 'spread', rule: 'number greater than 0 and smaller than `flowTemperature`' },
      { name: 'vorlaufT', rule: 'older alias of `flowTemperature`' },
      { name: 'spreizung', rule: 'older alias of `spread`' },
    ],
    needsCalculableProject: true,
  }),
  read('rooms.list', '/reports/{projectKey}/rooms'),
  write('rooms.create', 'POST', '/reports/{projectKey}/rooms', 'room', 201, (text) => ({ roomData: { raumBezeichnung: text } })),
  read('rooms.detail', '/reports/{projectKey}/rooms/{roomId}'),
  write('rooms.change', 'PATCH', '/reports/{projectKey}/rooms/{roomId}', 'room', 200, (text) => ({ roomData: { raumNotiz: text } })),
  read('funding.list', '/funding/applications', { query: PAGING }),
  read('funding.detail', '/funding/applications/{applicationId}'),
  read('funding.project-list', '/reports/{projectKey}/funding/applications', { query: PAGING }),
] as const;

/** The id of a row of the table: a literal the compiler checks wherever a row is named (a judge's `reads`, a comparison with `x.endpoint?.id`). */
export type EndpointId = (typeof ROWS)[number]['id'];

export type Endpoint = EndpointRow<EndpointId>;

/** The spec's endpoint table, in its order. */
export const ENDPOINTS: readonly Endpoint[] = ROWS;

/** "Authenticated endpoints need the bearer token"; everything but GET /, GET /health and OPTIONS. */
export function isProtected(e: Endpoint): boolean {
  return e.access === 'token';
}

/** Takes a JSON write body, so the body rules (400, 413, 415, the 65536-byte limit) apply. */
export function hasJsonBody(e: Endpoint): boolean {
  return e.body !== 'none';
}

export function pathParameters(e: Endpoint): PathParameter[] {
  return [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as PathParameter);
}

export function hasPathParameter(e: Endpoint, parameter: PathParameter): boolean {
  return e.path.includes(`{${parameter}}`);
}

export const PROTECTED_ENDPOINTS: readonly Endpoint[] = ENDPOINTS.filter(isProtected);
export const JSON_BODY_ENDPOINTS: readonly Endpoint[] = PROTECTED_ENDPOINTS.filter(hasJsonBody);
export const PROJECT_KEY_ENDPOINTS: readonly Endpoint[] = PROTECTED_ENDPOINTS.filter((e) => hasPathParameter(e, 'projectKey'));

export function endpointById(id: EndpointId): Endpoint {
  const found = ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`no endpoint ${id} in spec/endpoints.ts`);
  return found;
}

/** `GET /reports/{projectKey}`, as the spec writes it. */
export function endpointLabel(e: Endpoint): string {
  return `${e.method} ${e.path}`;
}

/** The path with its parameters filled in (URL-encoded). */
export function fillPath(e: Endpoint, values: Partial<Record<PathParameter, string>>): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name as PathParameter];
    if (value === undefined) throw new Error(`${endpointLabel(e)} needs a value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** "`projectKey`: nine letters ... the route accepts nine letters including uppercase." */
const PARAMETER_PATTERNS: Record<PathParameter, string> = {
  projectKey: '[A-Za-z]{9}',
  roomId: '[^/]+',
  applicationId: '[^/]+',
};

/** Matches the request paths (relative to `{base_url}`, without query) of this endpoint. */
export function pathPattern(e: Endpoint): RegExp {
  const source = e.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const parameter = /^\{(\w+)\}$/.exec(part)?.[1] as PathParameter | undefined;
      return parameter ? `(${PARAMETER_PATTERNS[parameter]})` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether a request (method, path relative to `{base_url}`) is one of this endpoint. */
export function matchesEndpoint(e: Endpoint, method: string, path: string): boolean {
  return e.method === method && pathPattern(e).test(path);
}
