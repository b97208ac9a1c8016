/**
 * Every rule of the spec ("Customer Project and Funding API v2", interface version 2.5.0) with a stable ID.
 *
 * - One rule is one checkable statement; compound sentences are split.
 * - `level: 'must'` is a requirement; `level: 'unspecified'` records an item the spec marks "not shown"
 *   (no expectation, never tested).
 * - `testable: false` on a 'must' rule means the requirement cannot be verified from outside the
 *   target (the reason is part of the text).
 * - `section` is the spec heading, with the numbered item or table in parentheses where helpful.
 *
 * IDs are stable: never renumber or reuse an ID; retire a rule by changing its text, add new rules at
 * the end of their area.
 */

export type Area =
  | 'meta'
  | 'auth'
  | 'errors'
  | 'projects'
  | 'rooms'
  | 'status'
  | 'funding'
  | 'results'
  | 'documents'
  | 'webhook'
  | 'rate-limit';

export type Level = 'must' | 'unspecified';

export interface Rule {
  id: string;
  area: Area;
  level: Level;
  text: string;
  section: string;
  testable: boolean;
}

/** ID prefix of each area. */
export const AREA_PREFIXES: Readonly<Record<Area, string>> = {
  meta: 'META',
  auth: 'AUTH',
  errors: 'ERR',
  projects: 'PROJ',
  rooms: 'ROOM',
  status: 'STAT',
  funding: 'FUND',
  results: 'RES',
  documents: 'DOC',
  webhook: 'HOOK',
  'rate-limit': 'RATE',
};

type Draft = Omit<Rule, 'area'>;

/** A requirement the kit checks. */
function must(id: string, section: string, text: string): Draft {
  return { id, section, text, level: 'must', testable: true };
}

/** A requirement that cannot be verified from outside; `reason` says why. */
function outOfReach(id: string, section: string, text: string, reason: string): Draft {
  return { id, section, text: `${text} (not verifiable from outside: ${reason})`, level: 'must', testable: false };
}

/** An item the spec marks "not shown": recorded, never tested. */
function notShown(id: string, section: string, text: string): Draft {
  return { id, section, text, level: 'unspecified', testable: false };
}

function inArea(area: Area, drafts: readonly Draft[]): Rule[] {
  return drafts.map((draft) => ({ ...draft, area }));
}

const S = {
  service: 'What the service does',
  project: 'Resources and their fields > Project',
  projectTable: 'Resources and their fields > Project (field table)',
  room: 'Resources and their fields > Room',
  roomTable: 'Resources and their fields > Room (roomData table)',
  floors: 'Resources and their fields > Room (floor ids)',
  funding: 'Resources and their fields > Funding application (read only)',
  pictures: 'Resources and their fields > Picture list entry',
  pdf: 'Resources and their fields > PDF response',
  results: 'Resources and their fields > Results response',
  fundingStatus: 'States and transitions > Funding application `status`',
  projectStatus: 'States and transitions > Project status (numeric `projektHeader.status`)',
  endpoints: 'Endpoints (table)',
  endpointRule: (n: number) => `Endpoints (endpoint rule ${n})`,
  endpointsNotShown: 'Endpoints (not shown for endpoints)',
  auth: (n: number) => `Authentication (${n})`,
  eventsIntro: 'Events',
  events: (n: number) => `Events (${n})`,
  payload: 'Events (payload)',
  errors: 'Errors',
  errorTable: 'Errors (table)',
  limits: 'Limits',
  versioning: 'Versioning',
} as const;

// -------------------------------------------------------------------------------------------------
// meta: service-wide rules, GET /, GET /health, OPTIONS, versioning
// -------------------------------------------------------------------------------------------------
const meta = inArea('meta', [
  must('META-1', S.endpoints, 'GET / must answer HTTP 200'),
  must('META-2', S.endpoints, 'GET / body must carry `name` and `version`, both strings'),
  must('META-3', S.versioning, 'GET / must return the interface version string "2.5.0" in `version`'),
  must('META-4', S.endpoints, 'GET /health must answer HTTP 200'),
  must(
    'META-5',
    S.endpoints,
    "GET /health body must carry `status`, `api`, `version` and `timestamp`, all required, with `status` 'ok' and `api`, `version` strings",
  ),
  must('META-6', S.endpoints, 'GET /health `timestamp` must be a date-time'),
  must('META-7', S.versioning, 'GET /health must return the interface version string "2.5.0" in `version`'),
  outOfReach(
    'META-8',
    S.endpoints,
    'GET /health must check reachability of the API code only, without a database or license check',
    'the kit cannot take the database or the license service away',
  ),
  must('META-9', S.endpoints, 'OPTIONS on any API path (public or protected, existing or not) must answer HTTP 204'),
  must('META-10', S.endpoints, 'an OPTIONS response must have no content'),
  must(
    'META-11',
    S.endpoints,
    'OPTIONS must grant no general CORS access: no `Access-Control-Allow-Origin: *` and no echo of an arbitrary Origin',
  ),
  must('META-12', S.service, 'responses with a body must be JSON (Content-Type application/json)'),
  must(
    'META-13',
    S.service,
    'the API must be served over HTTPS only: the base URL and every link the target hands out must use https (plain http to a loopback host is a finding waived for local targets)',
  ),
  must('META-14', S.versioning, 'the interface must be served under the path prefix /api/v2'),
  outOfReach(
    'META-15',
    S.service,
    'clients must not use the paths of the internal v1 interface',
    'a client obligation; the v1 paths are not part of the spec',
  ),
  notShown(
    'META-16',
    S.endpointsNotShown,
    '`action` value of every response except createReport, getResults and getFundingApplication: not shown',
  ),
  outOfReach(
    'META-17',
    S.versioning,
    'planned features (components, U-values, radiators, uploads) must only be added when published',
    'a publishing process, not a behaviour of the interface',
  ),
]);

// -------------------------------------------------------------------------------------------------
// auth: bearer token, 401, 403, 404 ownership, token properties
// -------------------------------------------------------------------------------------------------
const auth = inArea('auth', [
  must('AUTH-1', S.auth(5), 'every protected endpoint must answer 401 with details.type `authentication` when the Authorization header is missing'),
  must('AUTH-2', S.auth(5), 'every protected endpoint must answer 401 with details.type `authentication` for an invalid token'),
  must('AUTH-3', S.auth(5), 'every protected endpoint must answer 401 with details.type `authentication` for a valid token of a blocked customer'),
  must(
    'AUTH-4',
    S.auth(1),
    'a token sent without the `Bearer` scheme (e.g. bare, or as Basic credentials) must not authenticate (401 authentication)',
  ),
  must('AUTH-5', S.auth(1), 'the token must be kept out of URLs: a token given only in the query string must not authenticate (401)'),
  must('AUTH-6', S.auth(1), 'the token must not be a JWT (no three dot-separated base64url segments with a JSON header)'),
  outOfReach('AUTH-7', S.auth(1), 'the token must not be derived from a project id', 'the derivation is internal to the issuer'),
  outOfReach('AUTH-8', S.auth(1), 'the token must be kept out of logs', 'the target logs are not visible'),
  must(
    'AUTH-9',
    S.auth(2),
    "one token must give all released rights on the customer's own projects, without scopes or an OAuth flow",
  ),
  must('AUTH-10', S.auth(3), 'every token of a customer must authenticate as that same customer (same own projects)'),
  outOfReach(
    'AUTH-11',
    S.auth(3),
    "a new token must be shown only at creation or renewal in the customer's pro area",
    'tokens are issued in the pro area, outside this interface',
  ),
  must(
    'AUTH-12',
    S.auth(3),
    'stored tokens must not be shown again: no response (status line, header or body) and no link the interface hands out may contain an API token',
  ),
  outOfReach(
    'AUTH-13',
    S.auth(3),
    'existing tokens must stay valid when a token is renewed',
    'renewal happens in the pro area; the kit cannot trigger it',
  ),
  must('AUTH-14', S.auth(4), 'GET /, GET /health and OPTIONS must be public: they must not require a token'),
  must(
    'AUTH-15',
    S.auth(6),
    'a missing project, license or function right must give 403 with details.type `authorization`',
  ),
  must(
    'AUTH-16',
    S.auth(7),
    'a locked customer without license must get 403 authorization on license-bound endpoints (e.g. GET /reports)',
  ),
  must('AUTH-17', S.auth(8), 'a project of another customer must give 404 not_found'),
  must('AUTH-18', S.auth(8), 'a non-existent project must give 404 not_found'),
  must(
    'AUTH-19',
    S.service,
    'foreign and non-existent resources must be indistinguishable: the same status and the same answer, apart from echoed identifiers and what differs between any two answers anyway (a request id, a time)',
  ),
  must('AUTH-20', S.auth(8), 'a room of another customer, or a non-existent room, must give 404 not_found'),
  must('AUTH-21', S.auth(8), 'a funding application of another customer, or a non-existent one, must give 404 not_found'),
  outOfReach(
    'AUTH-22',
    S.auth(3),
    'API tokens must not be manageable through this interface (no token endpoints)',
    'the absence of an endpoint under an unknown name cannot be proven',
  ),
  // What AUTH-19's bytes do not show; numbered after the area's last rule, as IDs are never reused or reordered.
  must(
    'AUTH-23',
    S.service,
    "foreign and non-existent resources must be indistinguishable beyond the answer's bytes too: in time (a paired probe proves no difference), in the headers' values and order, in 429s and in conditional requests",
  ),
]);

// -------------------------------------------------------------------------------------------------
// errors: envelope, error table rows, body limits
// -------------------------------------------------------------------------------------------------
const errors = inArea('errors', [
  must('ERR-1', S.errors, 'every error response body must be the JSON envelope {status, error, details} (further members may appear: the spec never says "only")'),
  must('ERR-2', S.errors, 'the envelope `status` must be a number equal to the HTTP status of the response'),
  must('ERR-3', S.errors, 'the envelope `error` must be a non-empty message string'),
  outOfReach('ERR-4', S.errors, 'the envelope `error` message must be German', 'the language of a message cannot be judged reliably by a program'),
  must('ERR-5', S.errors, 'details.type must be a string, one of the types of the error table'),
  must('ERR-6', S.errors, 'details.field, when present, must be a string'),
  outOfReach(
    'ERR-7',
    S.errors,
    'clients must drive flow control by the HTTP status (details.field is not always present; further detail keys may appear)',
    'a client obligation',
  ),
  must('ERR-8', S.errorTable, 'malformed JSON in a write body must give 400 with details.type `validation`'),
  must('ERR-9', S.errorTable, 'a missing or invalid token or a blocked customer must give 401 with details.type `authentication`'),
  must('ERR-10', S.errorTable, 'a missing project, license or function right must give 403 with details.type `authorization`'),
  must(
    'ERR-11',
    S.errorTable,
    'a missing project, room or application, or one owned by another customer, must give 404 with details.type `not_found`',
  ),
  must(
    'ERR-12',
    S.errorTable,
    'a malformed or unknown path under /api/v2 must give 404 with details.type `not_found`',
  ),
  must('ERR-13', S.errorTable, 'a write body larger than 64 KiB (65536 bytes) must give 413 with details.type `validation`'),
  must('ERR-14', S.limits, 'a write body of exactly 65536 bytes must not be rejected for its size'),
  must(
    'ERR-15',
    S.errorTable,
    'a write body whose Content-Type is not application/json (or missing) must give 415 with details.type `validation`',
  ),
  must('ERR-16', S.errorTable, 'an unknown field must give 422 with details.type `validation`'),
  must('ERR-17', S.errorTable, 'a value of the wrong type must give 422 with details.type `validation`'),
  must('ERR-18', S.errorTable, 'an invalid value must give 422 with details.type `validation`'),
  must('ERR-19', S.errorTable, 'a body with both envelope names must give 422 with details.type `validation`'),
  must('ERR-20', S.errorTable, 'an unknown or invalid list parameter must give 422 with details.type `validation`'),
  must(
    'ERR-21',
    S.errorTable,
    'results requested without sufficient data must give 422 with details.type `calculation_unavailable` and details.calculationStatus `unavailable`',
  ),
  must(
    'ERR-22',
    S.errorTable,
    'an exceeded customer rate limit must give 429 with details.type `rate_limit`, details.limit 2, details.windowSeconds 1 and details.retryAfter 1 (the values of the customer limit; the invalid-token limit\'s values are not shown)',
  ),
  must('ERR-23', S.errorTable, 'a 429 of the customer rate limit must carry the header Retry-After with the integer value 1'),
  outOfReach('ERR-24', S.errorTable, 'an internal error must give 500 with details.type `server_error`', 'an internal error cannot be provoked from outside'),
  outOfReach(
    'ERR-25',
    S.errorTable,
    'temporary unavailability must give 503 with details.type `service_unavailable`',
    'unavailability cannot be provoked from outside',
  ),
  outOfReach(
    'ERR-26',
    S.errors,
    'after 500 or 503 on a write operation clients must check whether the change already happened before repeating',
    'a client obligation',
  ),
  must('ERR-27', S.endpoints, 'a write body with Content-Type application/json must not give 415'),
]);

// -------------------------------------------------------------------------------------------------
// projects: keys, envelopes, every field of the field table, header, creation, list, detail, PATCH,
// password
// -------------------------------------------------------------------------------------------------
const projects = inArea('projects', [
  // Keys
  must('PROJ-1', S.project, 'a newly created project key (projektHeader.key) must be nine lowercase letters'),
  must(
    'PROJ-2',
    S.project,
    'project routes must accept the key as nine letters including uppercase: an own key spelt in uppercase or mixed case is never refused as malformed, and either reaches the project (a lookup that ignores case) or is answered exactly as a key that does not exist (404 not_found; the spec does not say the lookup ignores case), alike on every project route',
  ),
  must('PROJ-3', S.errorTable, 'a project key that is not nine letters (other length, digits, other characters) must give 404 not_found'),
  outOfReach(
    'PROJ-4',
    S.project,
    'clients must take the key from projektHeader.key of the creation response and never guess it',
    'a client obligation',
  ),
  // Envelopes and general input rules
  must('PROJ-5', S.project, 'project data must be accepted in the envelope `projectData`'),
  must('PROJ-6', S.project, 'project data must be accepted in the compatible envelope `projektData`'),
  must('PROJ-7', S.project, 'a body with both `projectData` and `projektData` must give 422 validation'),
  must('PROJ-8', S.project, 'an unknown field inside the envelope must give 422 validation'),
  must('PROJ-9', S.project, 'a body without an envelope (e.g. {} or project fields at the top level) must give 422 validation'),
  must('PROJ-10', S.project, 'an unknown top-level field next to the envelope must give 422 validation'),
  must('PROJ-11', S.project, 'a project field with a wrong type (e.g. a boolean for a code) must give 422 validation'),
  must('PROJ-12', S.project, 'an array as a project field value must give 422 validation'),
  must('PROJ-13', S.project, 'an object as a project field value must give 422 validation'),
  must('PROJ-14', S.project, 'an envelope without any released field must give 422 validation'),
  must('PROJ-15', S.project, 'an envelope with a single released field must be accepted (all fields are optional)'),
  must('PROJ-16', S.project, 'an envelope that is not an object (e.g. a string or array) must give 422 validation'),
  // projektName
  must('PROJ-17', S.projectTable, '`projektName` must accept text and return it as text'),
  must('PROJ-18', S.projectTable, '`projektName` sent as a plain number must be normalized to text'),
  must('PROJ-19', S.projectTable, '`projektName` sent as null must be normalized to text (empty)'),
  must('PROJ-20', S.projectTable, '`projektName` containing a NUL character must give 422 validation'),
  // projektPostleitzahl
  must('PROJ-21', S.projectTable, '`projektPostleitzahl` must accept a postal code that exists in the climate data'),
  must('PROJ-22', S.projectTable, '`projektPostleitzahl` not present in the climate data must give 422 validation'),
  must('PROJ-23', S.projectTable, '`projektPostleitzahl` as an empty string must give 422 validation (must not be empty)'),
  must('PROJ-24', S.projectTable, '`projektPostleitzahl` as null must give 422 validation (must not be cleared)'),
  // projektArtHeizung
  must('PROJ-25', S.projectTable, '`projektArtHeizung` must accept exactly the codes 1 to 6; other values must give 422'),
  must('PROJ-26', S.projectTable, '`projektArtHeizung` must accept the code as number or numeric string alike'),
  must('PROJ-27', S.projectTable, '`projektArtHeizung` sent as empty string or null must delete the value'),
  // projektAlterHeizung
  must('PROJ-28', S.projectTable, '`projektAlterHeizung` must accept exactly the codes 1 to 3; other values must give 422'),
  must('PROJ-29', S.projectTable, '`projektAlterHeizung` must accept the code as number or numeric string alike'),
  must('PROJ-30', S.projectTable, '`projektAlterHeizung` sent as empty string or null must delete the value'),
  // projektBewohner
  must('PROJ-31', S.projectTable, '`projektBewohner` must accept integers 0 to 10000; other values, including non-integers, must give 422'),
  must('PROJ-32', S.projectTable, '`projektBewohner` must accept numeric strings, also with decimal comma, and check them by the same rule'),
  must('PROJ-33', S.projectTable, '`projektBewohner` sent as empty string or null must delete the value'),
  // projektJahresverbrauch
  must('PROJ-34', S.projectTable, '`projektJahresverbrauch` must accept numbers 0 to 1000000000; values outside must give 422'),
  must('PROJ-35', S.projectTable, '`projektJahresverbrauch` must accept numeric strings, also with decimal comma'),
  must('PROJ-36', S.projectTable, '`projektJahresverbrauch` sent as empty string or null must delete the value'),
  // projektBaujahr
  must('PROJ-37', S.projectTable, '`projektBaujahr` must accept integers 1000 to 2100; other values must give 422'),
  must('PROJ-38', S.projectTable, '`projektBaujahr` must accept numeric strings'),
  must('PROJ-39', S.projectTable, '`projektBaujahr` sent as empty string or null must delete the value'),
  // projektTrinkwasser
  must('PROJ-40', S.projectTable, '`projektTrinkwasser` must accept exactly the codes 1 to 3; other values must give 422'),
  must('PROJ-41', S.projectTable, '`projektTrinkwasser` must accept the code as number or numeric string alike'),
  must('PROJ-42', S.projectTable, '`projektTrinkwasser` sent as empty string or null must delete the value'),
  // projektWaermeerzeugerSolarStatus
  must('PROJ-43', S.projectTable, '`projektWaermeerzeugerSolarStatus` sent as true, "on" or 1 must be stored as "on"'),
  must(
    'PROJ-44',
    S.projectTable,
    '`projektWaermeerzeugerSolarStatus` sent as false, "off", 0, empty string or null must be stored as empty',
  ),
  // projektWaermeerzeugerSolarArt
  must('PROJ-45', S.projectTable, '`projektWaermeerzeugerSolarArt` must accept exactly the codes 1 and 2; other values must give 422'),
  must('PROJ-46', S.projectTable, '`projektWaermeerzeugerSolarArt` must accept the code as number or numeric string alike'),
  must('PROJ-47', S.projectTable, '`projektWaermeerzeugerSolarArt` sent as empty string or null must delete the value'),
  // projektKollektorflaecheSolar
  must('PROJ-48', S.projectTable, '`projektKollektorflaecheSolar` must accept numbers 0 to 1000000 (m2); values outside must give 422'),
  must('PROJ-49', S.projectTable, '`projektKollektorflaecheSolar` must accept numeric strings'),
  must('PROJ-50', S.projectTable, '`projektKollektorflaecheSolar` sent as empty string or null must delete the value'),
  // projektWaermeerzeugerHolzStatus
  must('PROJ-51', S.projectTable, '`projektWaermeerzeugerHolzStatus` sent as true, "on" or 1 must be stored as "on"'),
  must(
    'PROJ-52',
    S.projectTable,
    '`projektWaermeerzeugerHolzStatus` sent as false, "off", 0, empty string or null must be stored as empty',
  ),
  // projektJahresverbrauchHolz
  must('PROJ-53', S.projectTable, '`projektJahresverbrauchHolz` must accept numbers 0 to 1000000; values outside must give 422'),
  must('PROJ-54', S.projectTable, '`projektJahresverbrauchHolz` must accept numeric strings'),
  must('PROJ-55', S.projectTable, '`projektJahresverbrauchHolz` sent as empty string or null must delete the value'),
  // projektWaermeerzeugerHolzArt
  must(
    'PROJ-56',
    S.projectTable,
    '`projektWaermeerzeugerHolzArt` must accept exactly the codes 1500, 1550, 1800, 2000, 2200, 2201; other values must give 422',
  ),
  must('PROJ-57', S.projectTable, '`projektWaermeerzeugerHolzArt` must accept the code as number or numeric string alike'),
  must('PROJ-58', S.projectTable, '`projektWaermeerzeugerHolzArt` sent as empty string or null must delete the value'),
  // email
  must('PROJ-59', S.projectTable, '`email` must accept text'),
  must('PROJ-60', S.projectTable, '`email` sent as empty string must delete the value'),
  must('PROJ-61', S.projectTable, '`email` containing a NUL character must give 422 validation'),
  // contact texts
  must('PROJ-62', S.projectTable, '`anrede`, `vorname`, `name`, `strasse`, `hausnummer`, `ort`, `telefon`, `bemerkungen` must accept text'),
  must(
    'PROJ-63',
    S.projectTable,
    '`anrede`, `vorname`, `name`, `strasse`, `hausnummer`, `ort`, `telefon`, `bemerkungen` sent as plain number or null must be normalized to text',
  ),
  must(
    'PROJ-64',
    S.projectTable,
    '`anrede`, `vorname`, `name`, `strasse`, `hausnummer`, `ort`, `telefon`, `bemerkungen` containing a NUL character must give 422 validation',
  ),
  // plz
  must('PROJ-65', S.projectTable, '`plz` must accept 4 to 5 digits; other values must give 422'),
  must('PROJ-66', S.projectTable, '`plz` sent as a string must keep leading zeros'),
  must('PROJ-67', S.projectTable, '`plz` sent as empty string or null must delete the value'),
  notShown('PROJ-68', S.projectTable, 'maximum lengths of the project text fields: not shown'),
  // Flags: other values
  must(
    'PROJ-69',
    S.projectTable,
    'a flag field (`projektWaermeerzeugerSolarStatus`, `projektWaermeerzeugerHolzStatus`) with a value outside the listed ones must give 422',
  ),
  // Header and creation response
  must('PROJ-70', S.project, '`projektHeader` must carry `key` (string), `link`, `id` (number) and `status` (number) (further members allowed: the spec does not say "only")'),
  must('PROJ-71', S.project, "`projektHeader.link` must be a full URL to the project's report page under {site_url}"),
  must('PROJ-72', S.endpoints, 'POST /reports must answer HTTP 201 for a customer with an active annual license'),
  must('PROJ-73', S.project, 'a creation response must carry `status`, `action`, `projektHeader` and `projektData` (further members allowed: the spec does not say "only")'),
  must('PROJ-74', S.project, 'a creation response must carry the historic JSON `status` 200 while the HTTP status is 201'),
  must('PROJ-75', S.project, 'a creation response must carry `action` "createReport"'),
  must('PROJ-76', S.endpoints, 'POST /reports must accept an omitted body'),
  must('PROJ-77', S.endpoints, 'POST /reports must accept the body {}'),
  must('PROJ-78', S.endpoints, 'POST /reports with any property in the body must give 422 validation'),
  must('PROJ-79', S.endpointRule(1), 'POST /reports and POST /reports/with-data must give 403 authorization for a customer without license (locked)'),
  must(
    'PROJ-80',
    S.endpointRule(1),
    'POST /reports and POST /reports/with-data must give 403 authorization for an unlocked customer whose annual license has expired',
  ),
  must('PROJ-81', S.endpointRule(1), 'POST /reports and POST /reports/with-data must succeed (201) for a customer with an active education license'),
  must('PROJ-82', S.endpointRule(1), 'a repeated creation call must create a further project with a different key (no idempotency key)'),
  outOfReach(
    'PROJ-83',
    S.endpointRule(1),
    'after a timeout of a creation call clients must check the project list before repeating it',
    'a client obligation',
  ),
  must('PROJ-84', S.endpoints, 'POST /reports/with-data must answer HTTP 201 with the creation response'),
  must('PROJ-85', S.endpoints, 'POST /reports/with-data must require a body with an envelope (an omitted body must not create a project)'),
  must(
    'PROJ-86',
    S.endpointRule(2),
    'POST /reports/with-data must validate the preset data before creation: invalid data gives 422 and creates no project',
  ),
  must(
    'PROJ-87',
    S.endpointRule(2),
    'POST /reports/with-data must create and fill the project together: the creation response and the detail show the sent values',
  ),
  must('PROJ-88', S.project, '`projektData` must hold the project fields as scalar values'),
  // List
  must('PROJ-89', S.endpoints, 'GET /reports must answer HTTP 200 with the groups `projekte`, `leads`, `api` and `archiv`, each an array'),
  must(
    'PROJ-90',
    S.endpoints,
    "GET /reports must return all of the customer's own main projects in one response (no pagination): every project the customer created is listed, and paging parameters (page, limit) do not shrink the list",
  ),
  must('PROJ-91', S.endpoints, 'GET /reports must list only own projects (a foreign project key must not appear)'),
  must('PROJ-92', S.endpoints, 'a newly created project must appear in GET /reports'),
  notShown('PROJ-93', S.project, 'fields of an entry inside the project list groups: not shown'),
  must('PROJ-94', S.endpointRule(4), 'GET /reports must work (200) for an unlocked customer whose annual license has expired'),
  // Detail
  must('PROJ-95', S.endpoints, 'GET /reports/{projectKey} must answer HTTP 200 for an own project'),
  must('PROJ-96', S.endpoints, 'the project detail must contain `projektHeader` and the released project data in `projektData`'),
  must('PROJ-97', S.project, 'the project detail must omit internal settings, passwords and owner data'),
  notShown('PROJ-98', S.project, 'fields of the project detail response beyond the header values and the released project data: not shown'),
  must('PROJ-99', S.endpointRule(4), 'GET /reports/{projectKey} must work (200) for an unlocked customer whose annual license has expired'),
  must('PROJ-100', S.auth(8), 'GET /reports/{projectKey} must give the same 404 for a foreign and for a non-existent key'),
  // PATCH
  must('PROJ-101', S.endpoints, 'PATCH /reports/{projectKey} must answer HTTP 200 for an own project and a valid envelope'),
  must('PROJ-102', S.endpointRule(3), 'PATCH /reports/{projectKey} must change only the sent released fields; all others stay unchanged'),
  must('PROJ-103', S.endpointRule(3), 'PATCH /reports/{projectKey} must give the same 404 for a foreign and for a non-existent key'),
  must('PROJ-104', S.endpoints, 'PATCH /reports/{projectKey} must require a body with an envelope'),
  notShown('PROJ-105', S.endpointsNotShown, 'response body of PATCH /reports/{projectKey} beyond HTTP 200: not shown'),
  must('PROJ-106', S.auth(7), 'an unlocked customer with an expired license must be able to change own project data (PATCH 200)'),
  // Password
  must('PROJ-107', S.endpoints, 'PUT /reports/{projectKey}/password must answer HTTP 200 for a valid {newPassword}'),
  must('PROJ-108', S.endpoints, 'PUT .../password must accept passwords of exactly 12 and exactly 256 characters'),
  must('PROJ-109', S.endpoints, 'PUT .../password with fewer than 12 characters must give 422 validation'),
  must('PROJ-110', S.endpoints, 'PUT .../password with more than 256 characters must give 422 validation'),
  must('PROJ-111', S.endpoints, 'PUT .../password without `newPassword` must give 422 validation'),
  must('PROJ-112', S.endpoints, 'PUT .../password with a non-string `newPassword` must give 422 validation'),
  must('PROJ-113', S.endpoints, 'PUT .../password with any field besides `newPassword` must give 422 validation'),
  must('PROJ-114', S.endpointRule(5), 'PUT .../password must change the portal password of the project, not the API token (the token keeps working)'),
  must('PROJ-115', S.endpoints, '`newPassword` must be write only: it must never appear in a response'),
  must('PROJ-116', S.auth(8), 'PUT .../password must give the same 404 for a foreign and for a non-existent key'),
  notShown('PROJ-117', S.endpointsNotShown, 'response body of the password change beyond HTTP 200: not shown'),
  // Scope
  must('PROJ-118', S.service, 'projects must not be deletable through this interface (a DELETE must leave the project in place)'),
  must('PROJ-119', S.project, 'returned project values must be the normalized inputs: a value written is read back as the same text, number or flag (a number as JSON number or numeric text, in any decimal spelling)'),
  // Added for statements that had no rule (issue 16)
  must('PROJ-120', S.project, '`email` sent as null must delete the value (sending null deletes an optional value)'),
  must('PROJ-121', S.endpoints, 'GET /reports must list main projects only: a project variant must not appear in any group'),
  must('PROJ-122', S.auth(7), 'an unlocked customer with an expired license must be able to set the portal password of an own project (PUT .../password 200)'),
]);

// -------------------------------------------------------------------------------------------------
// rooms
// -------------------------------------------------------------------------------------------------
const rooms = inArea('rooms', [
  must('ROOM-1', S.endpoints, 'GET /reports/{projectKey}/rooms must answer HTTP 200 with `rooms[]` of room objects'),
  must('ROOM-2', S.endpoints, 'POST /reports/{projectKey}/rooms must answer HTTP 201 with {room}, the new id in `room.id`'),
  must('ROOM-3', S.endpoints, 'GET /reports/{projectKey}/rooms/{roomId} must answer HTTP 200 with {room}'),
  must('ROOM-4', S.endpoints, 'PATCH /reports/{projectKey}/rooms/{roomId} must answer HTTP 200 with {room}'),
  must('ROOM-5', S.room, 'a room object must carry `id` (a string), `projectKey` and `roomData`'),
  must('ROOM-6', S.room, "a room's `projectKey` must be the key of the project it belongs to"),
  must('ROOM-7', S.room, 'the id from `room.id` of the creation response, taken exactly, must address the created room'),
  must('ROOM-8', S.room, 'a room id of another project must give 404, even when both projects belong to the same customer'),
  must('ROOM-9', S.endpointRule(9), 'room endpoints must be available only for own projects: a foreign project key gives 404'),
  must('ROOM-10', S.room, 'the room id and the project assignment must not be writable'),
  must('ROOM-11', S.room, '`raumBaujahr` must not be writable'),
  must('ROOM-12', S.roomTable, '`raumEtageBezeichnung` and `raumEtageKuerzel` must not be writable (never sent as input)'),
  outOfReach(
    'ROOM-13',
    S.room,
    'U-values and heating surfaces must not be writable through room data',
    'the spec names no fields for them; unknown fields are covered by ROOM-37',
  ),
  must('ROOM-14', S.roomTable, '`roomData` must contain all nine fields of the table'),
  must('ROOM-15', S.roomTable, 'all `roomData` values must be strings except `raumTemperatur`'),
  // raumBezeichnung
  must('ROOM-16', S.roomTable, '`raumBezeichnung` must be required at creation (missing gives 422)'),
  must('ROOM-17', S.roomTable, '`raumBezeichnung` that is empty after trimming must give 422'),
  must('ROOM-18', S.roomTable, '`raumBezeichnung` must accept 1 to 120 characters after trimming; longer must give 422'),
  // raumEtage
  must('ROOM-19', S.roomTable, '`raumEtage` must accept integer floor ids 0 to 7; other values must give 422'),
  must('ROOM-20', S.roomTable, '`raumEtage` must be output as a string'),
  must('ROOM-21', S.roomTable, '`raumEtage` must default to 1 at creation'),
  // raumFlaeche
  must('ROOM-22', S.roomTable, '`raumFlaeche` must accept areas greater than 0 up to 100000 m2; 0, negative or larger must give 422'),
  must('ROOM-23', S.roomTable, '`raumFlaeche` sent as empty string or null must delete the value'),
  must('ROOM-24', S.roomTable, '`raumFlaeche` must default to empty at creation'),
  // raumHoehe
  must('ROOM-25', S.roomTable, '`raumHoehe` must accept heights greater than 0 up to 100 m; 0, negative or larger must give 422'),
  must('ROOM-26', S.roomTable, '`raumHoehe` sent as empty string or null must delete the value'),
  must('ROOM-27', S.roomTable, '`raumHoehe` must default to 2.5 at creation'),
  // raumTemperatur
  must('ROOM-28', S.roomTable, '`raumTemperatur` must accept 7 or an integer 16 to 26; other values must give 422'),
  must('ROOM-29', S.roomTable, '`raumTemperatur` must be output as a JSON number'),
  outOfReach(
    'ROOM-30',
    S.roomTable,
    '`raumTemperatur` must be output as null when the stored value is missing or unknown',
    'such a stored value cannot be produced through the interface',
  ),
  must('ROOM-31', S.roomTable, '`raumTemperatur` must default to 20 at creation'),
  // raumNotiz
  must('ROOM-32', S.roomTable, '`raumNotiz` must accept text of at most 255 characters; longer must give 422'),
  must('ROOM-33', S.roomTable, '`raumNotiz` sent as empty string must delete the value'),
  must('ROOM-34', S.roomTable, '`raumNotiz` must default to empty at creation'),
  // raumBaujahr
  must('ROOM-35', S.roomTable, '`raumBaujahr` must be copied from the project at room creation'),
  must('ROOM-36', S.roomTable, '`raumBaujahr` must not follow later changes of the project'),
  // General input rules
  must('ROOM-37', S.room, 'an unknown field in `roomData` must give 422'),
  must('ROOM-38', S.room, 'a boolean as a numeric value must give 422'),
  must('ROOM-39', S.room, 'an array or object as a `roomData` value must give 422'),
  must('ROOM-40', S.room, 'numbers must be accepted as JSON number or numeric string'),
  must('ROOM-41', S.room, 'area and height must also accept a decimal comma'),
  must('ROOM-42', S.room, 'a numeric string longer than 32 characters must give 422'),
  must('ROOM-43', S.room, 'a non-integer floor or temperature must give 422'),
  // Derived labels
  must('ROOM-44', S.floors, '`raumEtageBezeichnung` must be derived from the floor id by the floor table'),
  must('ROOM-45', S.floors, '`raumEtageKuerzel` must be derived from the floor id by the floor table'),
  outOfReach(
    'ROOM-46',
    S.roomTable,
    'floor labels must be empty when the floor id is missing or unknown',
    'such a stored floor id cannot be produced through the interface',
  ),
  must('ROOM-47', S.roomTable, 'derived labels must follow a floor change made with PATCH'),
  // Bodies
  must('ROOM-48', S.endpoints, 'a room write body must be {roomData: {...}}; a body without `roomData` or with other top-level fields must give 422'),
  must('ROOM-49', S.endpoints, 'PATCH of a room must change only the sent fields; the others are kept'),
  // License
  must('ROOM-50', S.endpointRule(9), 'an unlocked customer with an expired license must be able to list and read rooms (200)'),
  must('ROOM-51', S.endpointRule(9), 'an unlocked customer with an expired license must be able to create (201) and change (200) rooms'),
  must('ROOM-52', S.endpointRule(9), 'a repeated room creation must create a further room with a different id (no idempotency key)'),
  outOfReach(
    'ROOM-53',
    S.endpointRule(9),
    'after a connection loss clients must check the room list before repeating a creation',
    'a client obligation',
  ),
  must('ROOM-54', S.service, 'rooms must not be deletable through this interface (a DELETE must leave the room in place)'),
  must(
    'ROOM-55',
    S.room,
    'components and U-values must not be added automatically to base room data: a project whose rooms hold base data only must not become calculable (results 422 calculation_unavailable)',
  ),
  must('ROOM-56', S.auth(8), 'a non-existent room id of an own project must give 404'),
  // Added for statements that had no rule (issue 16): the fields the room table gives no deletion
  must('ROOM-57', S.roomTable, '`raumEtage` sent as empty string or null on PATCH must give 422 and keep the stored floor (a floor id cannot be deleted)'),
  must('ROOM-58', S.roomTable, '`raumTemperatur` sent as empty string or null on PATCH must give 422 and keep the stored temperature (it cannot be deleted)'),
  must('ROOM-59', S.roomTable, '`raumBezeichnung` sent as empty string or null on PATCH must give 422 and keep the stored name (not empty)'),
]);

// -------------------------------------------------------------------------------------------------
// status: project status and funding status values
// -------------------------------------------------------------------------------------------------
const status = inArea('status', [
  must('STAT-1', S.projectStatus, 'a creation response must carry projektHeader.status 1'),
  must('STAT-2', S.projectStatus, 'reading a newly created project without rooms (its room list, its detail) must leave it in status 1'),
  must('STAT-3', S.projectStatus, 'creating a room must move a project not in status 4 or 5 to status 2'),
  outOfReach(
    'STAT-4',
    S.projectStatus,
    'room creation must update the project activity, saved together with the room',
    'the project activity is not part of any specified response',
  ),
  must('STAT-5', S.projectStatus, 'creating a room must leave a project in status 4 or 5 unchanged'),
  must('STAT-6', S.projectStatus, 'changing a room must leave the project status unchanged'),
  outOfReach(
    'STAT-7',
    S.projectStatus,
    'room changes and room creation in status 4 or 5 must update the project activity',
    'the project activity is not part of any specified response',
  ),
  notShown('STAT-8', S.projectStatus, 'meaning of project status values other than 1, 2, 4 and 5: not shown'),
  notShown('STAT-9', S.projectStatus, 'project status transitions beyond the rows of the table: not shown'),
  must('STAT-10', S.fundingStatus, 'a funding application `status` must be one of the eleven values of the status table'),
  notShown('STAT-11', S.fundingStatus, 'transitions of funding application status: not shown'),
  must('STAT-12', S.fundingStatus, 'no public operation must change a funding application'),
  // Added for statements that had no rule (issue 16)
  must('STAT-13', S.projectStatus, 'a refused room creation (no room created) must leave a project in status 1 in status 1'),
]);

// -------------------------------------------------------------------------------------------------
// funding
// -------------------------------------------------------------------------------------------------
const funding = inArea('funding', [
  must('FUND-1', S.endpointRule(10), 'GET /funding/applications must answer HTTP 200 with {status: 200, action, applications[], total, page, limit} (further members allowed: the spec does not say "only")'),
  must('FUND-2', S.endpointRule(10), 'GET /funding/applications/{applicationId} must answer HTTP 200 with {status: 200, action: "getFundingApplication", application} (further members allowed: the spec does not say "only")'),
  must('FUND-3', S.funding, 'an application must contain only the core fields of the table, also inside `advisor` ("Only these core fields are output": no proofs, customer data or document downloads)'),
  must('FUND-4', S.funding, 'missing values must be null, not omitted'),
  must('FUND-5', S.funding, '`applicationId` must be a string, unique among the applications'),
  must('FUND-6', S.funding, '`applicationId` taken over exactly must retrieve the same application'),
  notShown('FUND-7', S.funding, 'type of `applicationType` beyond the project-bound example value `project_bound` (so also of the standalone value, FUND-9): not shown'),
  must('FUND-8', S.funding, 'a project-bound application (non-null `projectKey`) must have `applicationType` "project_bound"'),
  notShown('FUND-9', S.funding, '`applicationType` value of standalone applications: not shown'),
  must('FUND-10', S.funding, '`projectId` must be the number of the assigned own project, or null'),
  must('FUND-11', S.funding, '`projectKey` must be the key of the assigned own project, or null'),
  must('FUND-12', S.funding, '`projectKey` must be null for standalone applications'),
  outOfReach('FUND-13', S.funding, '`projectKey` must never be a portal access key', 'portal access keys are not visible through this interface'),
  must('FUND-14', S.funding, '`bzaId` must be a string with leading zeros kept, or null while absent'),
  must('FUND-15', S.funding, '`bndId` must be a string with leading zeros kept, or null while absent'),
  must('FUND-16', S.funding, '`statusLabel` must be a German display label string (null only when missing)'),
  must('FUND-17', S.funding, '`statusStep` must be a number (null only when missing)'),
  must('FUND-18', S.funding, '`nextAction` must be a German hint string on the next step or completion (null only when missing)'),
  must('FUND-19', S.funding, '`advisor.id` must be a string, or null without an assigned advisor'),
  must('FUND-20', S.funding, '`advisor.name` must be a string or null'),
  must('FUND-21', S.funding, '`advisor.title` must be a string or null'),
  must('FUND-22', S.funding, '`advisor.assigned` must be a boolean that tells whether an advisor assignment exists'),
  must(
    'FUND-23',
    S.funding,
    '`orderedAt`, `bzaCreatedAt`, `approvalReceivedAt`, `approvalDeadlineAt`, `bndStartedAt`, `bndCreatedAt`, `payoutConfirmedAt` must be ISO 8601 UTC with offset +00:00, or null',
  ),
  outOfReach(
    'FUND-24',
    S.funding,
    'a milestone time must be null when not stored or when only a historic 0/1 flag exists',
    'the stored processing data is not visible',
  ),
  must('FUND-25', S.endpointRule(10), '`page` must start at 1 and default to 1'),
  must('FUND-26', S.endpointRule(10), '`limit` must default to 50'),
  must('FUND-27', S.endpointRule(10), '`limit` must accept values up to 100; 0 or more than 100 must give 422'),
  must('FUND-28', S.endpointRule(10), '`page` must accept values up to 1000000; 0 or more than 1000000 must give 422'),
  must('FUND-29', S.endpointRule(10), 'a non-numeric or non-integer `page` or `limit` must give 422'),
  must('FUND-30', S.endpointRule(10), 'an unknown list query parameter must give 422'),
  must('FUND-31', S.endpointRule(10), 'the list must be sorted by application id descending (as text, or numerically for ids of digits: the spec names no comparison)'),
  must('FUND-32', S.endpointRule(10), 'a page past the end must be an empty list (200)'),
  must('FUND-33', S.endpointRule(10), 'a page must hold at most `limit` applications, and `total`, `page` and `limit` must describe the request'),
  must('FUND-34', S.endpoints, 'GET /reports/{projectKey}/funding/applications must answer HTTP 200 with the list of that project only'),
  must('FUND-35', S.endpointRule(10), 'the project variant must check project ownership: a foreign or non-existent key gives 404'),
  must('FUND-36', S.endpointRule(10), 'the project variant for an own project without applications must give 200 with an empty list'),
  outOfReach('FUND-37', S.endpointRule(10), 'applications of project variants must not be merged', 'project variants cannot be created through this interface'),
  must('FUND-38', S.endpointRule(10), 'the project variant must apply the same `page` and `limit` rules'),
  must('FUND-39', S.endpointRule(10), 'standalone, archived and canceled applications must appear in /funding/applications'),
  must('FUND-40', S.endpointRule(10), 'reading funding applications must stay available (200) for an unlocked customer after license expiry'),
  must('FUND-41', S.service, 'write methods on funding paths must not change an application'),
  must('FUND-42', S.funding, 'the applications of the customer must match the expected ones of the target profile (id, status, project key)'),
  must('FUND-43', S.funding, '`projectId` must equal projektHeader.id of the project named by `projectKey`'),
  outOfReach('FUND-44', S.funding, '`statusStep` must not be a percentage; steps may be skipped', 'the processing logic is internal'),
  outOfReach('FUND-45', S.endpointRule(10), 'clients must tolerate pages that shift under parallel changes', 'a client obligation'),
  // Added for statements that had no rule (issue 16)
  must('FUND-46', S.funding, '`projectKey` and `projectId` must be null for a project-bound application whose project is no longer available'),
  must('FUND-47', S.funding, '`advisor.name` must be the full name of the advisor, else the stored advisor name, else null (in this order)'),
]);

// -------------------------------------------------------------------------------------------------
// results
// -------------------------------------------------------------------------------------------------
const results = inArea('results', [
  must('RES-1', S.endpoints, 'GET /reports/{projectKey}/results must answer HTTP 200 for a calculable own project'),
  must('RES-2', S.results, 'the results response must hold {status: 200, action: "getResults", project: {key}, results, projekt} (further members may appear)'),
  must('RES-3', S.results, '`project.key` must be the key of the requested project'),
  must(
    'RES-4',
    S.results,
    '`results` must hold available (boolean), status, source (strings), summary, hydraulicBalance, floorHeatingBalance, heatpump, exchange (objects), roomHeatLoads, radiators (arrays)',
  ),
  must('RES-5', S.results, '`results.status` must be "calculated" when `available` is true'),
  notShown(
    'RES-6',
    S.results,
    'contents of `summary`, `roomHeatLoads`, `radiators`, `hydraulicBalance`, `heatpump` and `exchange`: not shown',
  ),
  must('RES-7', S.results, '`floorHeatingBalance.groups[]` must be output for the spreads 10, 7 and 5 K'),
  must('RES-8', S.results, 'a group must hold spread, flowRateSum, flowRateUnit "l/h" and rooms[]'),
  must('RES-9', S.results, 'a group `flowRateSum` must be the sum of the flow rates of its rooms (l/h)'),
  must(
    'RES-10',
    S.results,
    'a group room must hold surfaceId (string), roomName, floorLabel, heatingLoad, spread, flowRate, flowLpm and setting {value, unit "l/min"}',
  ),
  must('RES-11', S.results, 'a group room `spread` must equal the spread of its group'),
  must('RES-12', S.results, 'a group room `flowLpm` (l/min) must equal its `flowRate` (l/h) divided by 60'),
  must('RES-13', S.results, '`projekt.abgleichFBH[]` must keep names and nesting: spreizung, summeVolumenstrom, raeume[] of raumBezeichnung, heizlast, durchfluss'),
  must('RES-14', S.results, 'each abgleichFBH entry must match the group of the same spread (spreizung, summeVolumenstrom)'),
  must('RES-15', S.results, 'abgleichFBH rooms must match the group rooms (raumBezeichnung = roomName, heizlast = heatingLoad)'),
  must('RES-16', S.results, 'abgleichFBH `durchfluss` must equal the setting value (l/min) of the matching room'),
  must('RES-17', S.endpointRule(8), 'a project with incomplete data must give 422 with details.type `calculation_unavailable` and details.calculationStatus `unavailable`'),
  must('RES-18', S.endpointRule(8), '`flowTemperature` from 25 to 95 together with a valid `spread` must be accepted'),
  must('RES-19', S.endpointRule(8), '`flowTemperature` below 25, above 95 or non-numeric must give 422 validation'),
  must('RES-20', S.endpointRule(8), '`spread` of 0 or less, not smaller than `flowTemperature`, or non-numeric must give 422 validation'),
  must('RES-21', S.endpointRule(8), 'the alias `vorlaufT` must be accepted with the range of `flowTemperature`; outside it gives 422'),
  must('RES-22', S.endpointRule(8), 'the alias `spreizung` must be accepted when greater than 0; 0 or less gives 422'),
  must('RES-23', S.endpointRule(8), 'the current parameter name must take precedence over its alias'),
  must('RES-24', S.endpointRule(8), 'system temperature values must apply to this calculation only and must not be stored'),
  must(
    'RES-25',
    S.endpointRule(8),
    'system temperature values must influence the radiator and hydraulic calculation: other values give other `radiators` and `hydraulicBalance` (their contents are not shown)',
  ),
  must('RES-26', S.endpointRule(8), 'floor heating groups must stay at 10, 7 and 5 K whatever system temperature is given'),
  outOfReach(
    'RES-27',
    S.endpointRule(8),
    'clients must give `flowTemperature` together with `spread`',
    'a client obligation; the reaction to only one of them is not shown',
  ),
  must(
    'RES-28',
    S.endpointRule(8),
    'rooms or radiators must not be created through the results endpoint: a results call with parameters changes neither the rooms nor the radiators of the project',
  ),
  must('RES-29', S.endpointRule(8), 'a project outside the license radius must give 403 authorization'),
  must('RES-30', S.endpointRule(8), 'a customer without license (locked) must get 403 authorization'),
  must('RES-31', S.endpointRule(8), 'an unlocked customer whose license has expired must get 403 authorization (license check)'),
  must('RES-32', S.auth(8), 'a foreign or non-existent project must give 404'),
  must('RES-33', S.versioning, 'the compatibility structure `projekt.abgleichFBH` must stay next to `results.floorHeatingBalance`'),
]);

// -------------------------------------------------------------------------------------------------
// documents: PDF and pictures
// -------------------------------------------------------------------------------------------------
const documents = inArea('documents', [
  must('DOC-1', S.pdf, 'GET /reports/{projectKey}/pdf must answer HTTP 200 with JSON, not a PDF stream'),
  must('DOC-2', S.pdf, '`linkToDocument` must be a full URL under {site_url}'),
  must('DOC-3', S.pdf, '`file.url` must be a full URL under {site_url}'),
  must('DOC-4', S.pdf, '`file.viewerUrl`, when present, must be a full URL under {site_url}'),
  must('DOC-5', S.pdf, 'document links must be signed: a link whose signature or expiry was altered must not serve the document (scheme and lifetime are not specified)'),
  notShown('DOC-6', S.pdf, 'other fields of the PDF response: not shown'),
  must('DOC-7', S.endpoints, 'the pdf `type` must default to `service`'),
  must('DOC-8', S.endpoints, 'the pdf must accept `type=service` and `type=check`'),
  must('DOC-9', S.endpointRule(6), '`type=check` without the heat-pump function right must give 403 authorization'),
  must(
    'DOC-10',
    S.endpointRule(6),
    'every pdf call must generate and store a document: two calls give two distinct document links, both retrievable after the second call',
  ),
  must('DOC-11', S.endpointRule(6), 'a project outside the license radius must give 403 authorization on the pdf endpoint'),
  must('DOC-12', S.endpointRule(6), 'a customer without license (locked) must get 403 authorization on the pdf endpoint'),
  must('DOC-13', S.endpointRule(6), 'an unlocked customer whose license has expired must get 403 authorization on the pdf endpoint'),
  must('DOC-14', S.auth(8), 'the pdf endpoint must give 404 for a foreign or non-existent project'),
  must('DOC-15', S.endpoints, 'GET /reports/{projectKey}/pictures must answer HTTP 200 with `pictures[]`'),
  must('DOC-16', S.pictures, 'a picture item must hold `id`, `url`, `type` and `roomName`'),
  must('DOC-17', S.pictures, 'a relative picture `url` must resolve against the server origin, not against the /api/v2 path'),
  must('DOC-18', S.pictures, 'picture URLs must be signed: a link whose signature or expiry was altered must not serve the image (scheme and lifetime are not specified)'),
  notShown('DOC-19', S.pictures, 'other fields of a picture item: not shown'),
  must('DOC-20', S.endpointRule(7), 'pictures must not be uploadable (a POST to the pictures path must not add a picture)'),
  outOfReach('DOC-21', S.endpointRule(7), 'after expiry of links clients must fetch the picture list again', 'a client obligation'),
  must('DOC-22', S.auth(8), 'the pictures endpoint must give 404 for a foreign or non-existent project'),
  must('DOC-23', S.pdf, 'PDF links must be retrievable (the file URL answers with a document)'),
  // Added for statements that had no rule (issue 16)
  must('DOC-24', S.pictures, 'picture links must be time limited: a picture link whose lifetime has passed must not serve the image'),
  must('DOC-25', S.pdf, 'document links must be time limited: a document link whose lifetime has passed must not serve the document'),
  must('DOC-26', S.pictures, 'picture links must be confidential: the answer to a picture link must not be storable by shared caches (Cache-Control `private` or `no-store`)'),
  must('DOC-27', S.auth(7), 'an unlocked customer with an expired license must be able to read the picture list of an own project (200)'),
]);

// -------------------------------------------------------------------------------------------------
// webhook: pdf.generated
// -------------------------------------------------------------------------------------------------
const webhook = inArea('webhook', [
  must('HOOK-1', S.eventsIntro, 'the only event sent must be the webhook `pdf.generated`'),
  must('HOOK-2', S.events(1), 'the first successful PDF creation of a project through the API pdf endpoint must send a delivery'),
  must(
    'HOOK-3',
    S.events(1),
    'the first successful PDF creation through the central document creation of the portal must also send a delivery (the portal is outside this interface: checked against the bundled server, whose portal trigger the kit can call)',
  ),
  must('HOOK-4', S.events(1), 'a failed PDF creation must send nothing'),
  must('HOOK-5', S.events(1), 'exactly one delivery must be sent per project (a later PDF creation sends none)'),
  must(
    'HOOK-6',
    S.events(2),
    'a delivery must only be sent when a webhook address is configured in the pro area (checked against the bundled server, whose pro area the kit can change)',
  ),
  must('HOOK-7', S.events(2), 'redirects of the webhook target must not be followed'),
  must('HOOK-8', S.events(2), 'webhook targets resolving to private or reserved IP addresses must be rejected'),
  must('HOOK-9', S.events(3), 'a delivery must be an HTTP POST'),
  must('HOOK-10', S.events(3), 'a delivery must carry Content-Type application/json'),
  must('HOOK-11', S.events(3), 'a delivery must carry the header X-Service-Event: pdf.generated'),
  must('HOOK-12', S.events(3), 'a delivery must carry the header X-Service-Delivery equal to the payload `eventId`'),
  outOfReach('HOOK-13', S.events(4), 'any 2xx response must count as delivered', 'the delivery state is internal'),
  must('HOOK-14', S.events(4), 'a failed delivery must not be retried automatically'),
  must('HOOK-15', S.events(4), 'a failing or slow webhook target must never block the PDF response'),
  outOfReach(
    'HOOK-16',
    S.events(4),
    'receivers must check `authenticate` and deduplicate by `eventId` (there is no HMAC signature)',
    'a receiver obligation',
  ),
  must('HOOK-17', S.payload, 'the payload must contain the fields of the payload table (further members may appear: the table never says "only")'),
  must('HOOK-18', S.payload, '`event` must be "webhookservice" or "webhookcheck"'),
  must('HOOK-19', S.payload, '`eventType` must be "pdf.generated"'),
  must('HOOK-20', S.payload, '`eventId` must be a string unique per delivery'),
  must('HOOK-21', S.payload, '`authenticate` must be the value stored in the API settings, passed unchanged'),
  must('HOOK-22', S.payload, '`projektKey` and `projectKey` must both be present with the same value, the key of the project'),
  must('HOOK-23', S.payload, '`generatedAt` must be an ISO 8601 UTC timestamp'),
  must('HOOK-24', S.payload, '`document.id` must be a number, 0 for temporary download documents'),
  must('HOOK-25', S.payload, '`document.type` must be "service" or "heatpump-check"'),
  must('HOOK-26', S.payload, '`document.name` must be a string (file name)'),
  must('HOOK-27', S.payload, '`document.size` must be a number'),
  must('HOOK-28', S.payload, '`document.url` and `document.viewerUrl` must be full URLs under {site_url}'),
  must('HOOK-29', S.payload, '`document.temporary` must be a boolean, true for temporary download documents'),
  outOfReach(
    'HOOK-30',
    S.auth(9),
    'the webhook target and its authentication value must be configured in the pro area, not through a public endpoint',
    'the absence of an endpoint under an unknown name cannot be proven',
  ),
  must('HOOK-31', S.versioning, 'the event value `webhookservice`/`webhookcheck` must stay next to `eventType`'),
  // Added for statements that had no rule (issue "Every testable rule proven by a fault of its own")
  must('HOOK-32', S.events(4), 'a delivery must carry no signature header (there is no HMAC signature)'),
]);

// -------------------------------------------------------------------------------------------------
// rate-limit
// -------------------------------------------------------------------------------------------------
const rateLimit = inArea('rate-limit', [
  must('RATE-1', S.limits, 'a third protected request within any sliding 1 second window of a customer must give 429'),
  must('RATE-2', S.limits, 'protected requests paced at 2 per sliding second must all be admitted (the limit is not stricter)'),
  must('RATE-3', S.limits, 'the window must slide (not a fixed window, counter approximation or token bucket)'),
  must('RATE-4', S.limits, 'the limit must be shared over all protected endpoints'),
  must('RATE-5', S.limits, "the limit must be per customer: one customer's exhaustion must not limit another customer"),
  must('RATE-6', S.limits, 'several tokens of one customer must share one limit'),
  must('RATE-7', S.limits, 'parallel clients of one customer must not circumvent the limit'),
  outOfReach('RATE-8', S.limits, 'token renewal must not circumvent the limit', 'renewal happens in the pro area'),
  must('RATE-9', S.limits, 'authenticated calls rejected for business reasons (403, 404, 422) must count toward the limit'),
  must('RATE-10', S.limits, 'public endpoints (GET /, GET /health, OPTIONS) must not count toward the limit'),
  must('RATE-11', S.limits, 'after waiting 1 second past a 429 the next request must be admitted'),
  must('RATE-12', S.limits, 'a fixed limit per source IP must apply to requests with invalid tokens (checked against the documented value)'),
  notShown('RATE-13', S.limits, 'value of the invalid-token limit per source IP: not shown'),
  outOfReach('RATE-14', S.limits, 'clients must wait at least 1 second after a 429', 'a client obligation'),
  // Added for statements that had no rule (issue 16)
  must('RATE-15', S.limits, 'the limit must be fixed: no request header or query parameter raises it (a third request within a second still gives 429)'),
]);

/** Every rule, in area order. */
export const rules: readonly Rule[] = Object.freeze(
  [
    ...meta,
    ...auth,
    ...errors,
    ...projects,
    ...rooms,
    ...status,
    ...funding,
    ...results,
    ...documents,
    ...webhook,
    ...rateLimit,
  ].map((rule) => Object.freeze(rule)),
);

const byId: ReadonlyMap<string, Rule> = new Map(rules.map((rule) => [rule.id, rule]));

export function isKnownRule(id: string): boolean {
  return byId.has(id);
}

export function getRule(id: string): Rule {
  const rule = byId.get(id);
  if (rule === undefined) throw new Error(`Unknown rule id "${id}" (not in spec/rules/catalog.ts)`);
  return rule;
}

/** Rules of one area, in catalog order. */
export function rulesOfArea(area: Area): Rule[] {
  return rules.filter((rule) => rule.area === area);
}
