import { getRule } from './catalog.js';

/**
 * How a passive judge, one that reads recorded or proxied traffic and sends nothing, can decide each
 * testable rule of the catalogue:
 *
 * - `exchange`: one request and its answer prove a violation, because the request alone decides what
 *   the answer must be, or every answer of its kind must have a form.
 * - `sequence`: one customer's exchanges in order prove it (a write and the next read, the pages of a
 *   list, a link handed out and its later use).
 * - `timeline`: the times of the protected requests and their answers prove it (the rate limit).
 * - `not-passive`: the rule's condition is known only to the target or the profile (who owns what,
 *   whose license expired, which data exists), needs a request nobody sends in real traffic, or
 *   happens outside the observed traffic (webhook deliveries).
 *
 * A rule takes the strongest class whose judge raises no false alarm; in doubt, the weaker one. What
 * the judge cannot see bounds every class:
 * - Customers are told apart by a hash of their token, so a customer with two tokens looks like two:
 *   ownership across customers and the shared limit of several tokens are never decidable.
 * - The portal and the back office change projects, rooms and applications unseen: a sequence judge
 *   compares exchanges close enough in time, and blames a write only for what it sent.
 * - The spec lets other errors take precedence over a body's (FREE-ERR-7: 401, 403 or 404 before 400,
 *   413, 415 or 422), and a 429 or a 5xx may answer anything: an input rule judges only answers that
 *   none of these explains. "Valid" data is valid by the field tables; a body with a
 *   `projektPostleitzahl` never counts as valid, as the climate data is not visible.
 * - Timeline verdicts assume the observer sees all traffic that reaches the target (the proxy in front
 *   of it); in a HAR of one client a 429 may answer requests the file does not hold.
 */
export type PassiveClass = 'exchange' | 'sequence' | 'timeline' | 'not-passive';

export const PASSIVE_CLASSES: readonly PassiveClass[] = ['exchange', 'sequence', 'timeline', 'not-passive'];

export interface PassiveJudgement {
  class: PassiveClass;
  /** What the judge looks at, or, for `not-passive`, why it cannot decide. */
  reason: string;
}

type Table = Readonly<Record<string, PassiveJudgement>>;

const judgement =
  (cls: PassiveClass) =>
  (reason: string): PassiveJudgement =>
    Object.freeze({ class: cls, reason });
const exchange = judgement('exchange');
const sequence = judgement('sequence');
const timeline = judgement('timeline');
const notPassive = judgement('not-passive');

// Reasons shared by many rules: the knowledge the observer lacks is the same.
const OWNERSHIP = 'ownership across customers: two tokens of one customer look like two customers, and a non-existent resource looks like a foreign one';
const LOCKED = "which customers are locked without license is the target's knowledge";
const EXPIRED = "whose annual license has expired is the target's knowledge";
const RADIUS = "the license radius and where a project lies in it are the target's knowledge";
const CLIMATE = "which postal codes the climate data holds is the target's knowledge";
const FORM_ONLY = 'a full URL (the site itself is not known passively, so only the form is judged)';
const DELIVERY = "deliveries go from the target to the customer's receiver, outside the observed traffic";

const meta: Table = {
  'META-1': exchange('the status of every GET /'),
  'META-2': exchange('the body of every successful GET /'),
  'META-3': exchange('`version` in every successful GET /'),
  'META-4': exchange('the status of every GET /health'),
  'META-5': exchange('the body of every successful GET /health'),
  'META-6': exchange('`timestamp` in every successful GET /health'),
  'META-7': exchange('`version` in every successful GET /health'),
  'META-9': exchange('the status of every OPTIONS request'),
  'META-10': exchange('the body of every OPTIONS answer'),
  'META-11': exchange('Access-Control-Allow-Origin of every OPTIONS answer: `*` fails (whether an echoed Origin is arbitrary or allowed is not visible)'),
  'META-12': exchange('the Content-Type of every API answer with a body'),
  'META-13': exchange('the scheme of every request URL and of every link an answer hands out'),
  'META-14': exchange('GET / and GET /health requested under /api/v2: a 404 there fails'),
};

const auth: Table = {
  'AUTH-1': exchange('the status and details.type of every protected request without an Authorization header'),
  'AUTH-2': notPassive('whether a token is valid is known only to its issuer'),
  'AUTH-3': notPassive("which customers are blocked is the target's knowledge"),
  'AUTH-4': exchange('the status and details.type of every protected request whose Authorization is not of the Bearer scheme'),
  'AUTH-5': exchange('the status of every protected request with a query string but no Authorization header'),
  'AUTH-6': exchange('the form of every Bearer token the target admitted'),
  'AUTH-9': notPassive('a 403 on an own project may come from a license or function right the observer cannot see'),
  'AUTH-10': notPassive('which tokens belong to one customer is not visible'),
  'AUTH-12': exchange('every answer (status line, headers, body, links) searched for the token of its request'),
  'AUTH-14': exchange('the status of GET /, GET /health and OPTIONS requests sent without a token: a 401 fails'),
  'AUTH-15': notPassive("which customer lacks a project, license or function right is the target's knowledge; the form of a 403 is judged under ERR-10"),
  'AUTH-16': notPassive(LOCKED),
  'AUTH-17': notPassive(OWNERSHIP),
  'AUTH-18': notPassive("whether a well-formed key exists is the target's knowledge (projects are made in the portal too)"),
  'AUTH-19': notPassive(OWNERSHIP),
  'AUTH-20': notPassive(OWNERSHIP),
  'AUTH-21': notPassive(OWNERSHIP),
  'AUTH-23': notPassive('needs paired and timed probes of a foreign and a non-existent resource, which real traffic never sends'),
};

const errors: Table = {
  'ERR-1': exchange('the body of every error answer of the API'),
  'ERR-2': exchange('the envelope `status` of every error answer against its HTTP status'),
  'ERR-3': exchange('the envelope `error` of every error answer'),
  'ERR-5': exchange('details.type of every error answer'),
  'ERR-6': exchange('details.field of every error answer that has one'),
  'ERR-8': exchange('the status and details.type of every write whose body is not JSON'),
  'ERR-9': exchange('the status of every protected request without a token, and details.type of every 401 (invalid tokens and blocked customers are not visible)'),
  'ERR-10': exchange('details.type of every 403, the only row that answers 403 (which right is missing is not visible, see AUTH-15)'),
  'ERR-11': exchange('details.type of every 404, the only row that answers 404 (ownership and existence are not visible, see AUTH-17)'),
  'ERR-12': exchange('the status and details.type of every request whose path matches no endpoint or holds a key that is not nine letters'),
  'ERR-13': exchange('the status and details.type of every write whose body exceeds 65536 bytes'),
  'ERR-14': exchange('the status of every write whose body is exactly 65536 bytes: a 413 fails'),
  'ERR-15': exchange('the status and details.type of every write with a body whose Content-Type is missing or not application/json'),
  'ERR-16': exchange('the status and details.type of every write with a field the tables do not name'),
  'ERR-17': exchange('the status and details.type of every write with a value of the wrong JSON type'),
  'ERR-18': exchange('the status and details.type of every write or query with a value outside a range or code of the tables'),
  'ERR-19': exchange('the status and details.type of every project write that carries both envelope names'),
  'ERR-20': exchange('the status and details.type of every funding list request with an unknown or invalid parameter'),
  'ERR-21': exchange('the status and details of every answer of type calculation_unavailable'),
  // The per-address limit of invalid tokens may answer 429 with other values (FREE-RATE-2): only a
  // token seen admitted shows that the customer limit answered.
  'ERR-22': sequence('the details of a 429 to a token the same traffic saw admitted'),
  'ERR-23': sequence('Retry-After of a 429 to a token the same traffic saw admitted'),
  'ERR-27': exchange('the status of every write whose Content-Type is application/json: a 415 fails'),
};

const projects: Table = {
  'PROJ-1': exchange('projektHeader.key of every creation answer'),
  'PROJ-2': sequence("the answers to one of the customer's own keys spelt in another case, across the routes it was sent to"),
  'PROJ-3': exchange('the status and details.type of every project route whose key is not nine letters'),
  'PROJ-5': exchange('the status of every project write of valid data in `projectData`: a 422 fails'),
  'PROJ-6': exchange('the status of every project write of valid data in `projektData`: a 422 fails'),
  'PROJ-7': exchange('the status of every project write that carries both envelope names'),
  'PROJ-8': exchange('the status of every project write with an unknown field inside the envelope'),
  'PROJ-9': exchange('the status of every project write without an envelope'),
  'PROJ-10': exchange('the status of every project write with an unknown top-level field beside the envelope'),
  'PROJ-11': exchange('the status of every project write with a field of the wrong type'),
  'PROJ-12': exchange('the status of every project write with an array as a field value'),
  'PROJ-13': exchange('the status of every project write with an object as a field value'),
  'PROJ-14': exchange('the status of every project write whose envelope holds no released field'),
  'PROJ-15': exchange('the status of every project write whose envelope holds one valid field: a 422 fails'),
  'PROJ-16': exchange('the status of every project write whose envelope is not an object'),
  'PROJ-17': sequence('the text `projektName` a with-data creation answer or the next read shows after a write of it with no other write of the project between; only texts whose stored form is not in doubt (trimmed, NFC, no control characters); a name refused 422 is charged to PROJ-5 or PROJ-15, not here'),
  'PROJ-18': sequence('`projektName` read back (creation answer or next read) after it was sent as a number'),
  'PROJ-19': sequence('`projektName` read back after it was sent as null'),
  'PROJ-20': exchange('the status of every project write whose `projektName` holds a NUL character'),
  'PROJ-21': notPassive(CLIMATE),
  'PROJ-22': notPassive(CLIMATE),
  'PROJ-23': exchange('the status of every project write whose `projektPostleitzahl` is empty'),
  'PROJ-24': exchange('the status of every project write whose `projektPostleitzahl` is null'),
  'PROJ-25': exchange('the status of every project write of `projektArtHeizung` against the codes 1 to 6'),
  'PROJ-26': exchange('the status of every project write of a valid `projektArtHeizung` as number or numeric string: a 422 fails'),
  'PROJ-27': sequence('`projektArtHeizung` read after a write that sent it empty or null'),
  'PROJ-28': exchange('the status of every project write of `projektAlterHeizung` against the codes 1 to 3'),
  'PROJ-29': exchange('the status of every project write of a valid `projektAlterHeizung` as number or numeric string: a 422 fails'),
  'PROJ-30': sequence('`projektAlterHeizung` read after a write that sent it empty or null'),
  'PROJ-31': exchange('the status of every project write of `projektBewohner` against the integers 0 to 10000'),
  'PROJ-32': exchange('the status of every project write of `projektBewohner` as numeric string, also with decimal comma, by the same range'),
  'PROJ-33': sequence('`projektBewohner` read after a write that sent it empty or null'),
  'PROJ-34': exchange('the status of every project write of `projektJahresverbrauch` against 0 to 1000000000'),
  'PROJ-35': exchange('the status of every project write of a valid `projektJahresverbrauch` as numeric string: a 422 fails'),
  'PROJ-36': sequence('`projektJahresverbrauch` read after a write that sent it empty or null'),
  'PROJ-37': exchange('the status of every project write of `projektBaujahr` against the integers 1000 to 2100'),
  'PROJ-38': exchange('the status of every project write of a valid `projektBaujahr` as numeric string: a 422 fails'),
  'PROJ-39': sequence('`projektBaujahr` read after a write that sent it empty or null'),
  'PROJ-40': exchange('the status of every project write of `projektTrinkwasser` against the codes 1 to 3'),
  'PROJ-41': exchange('the status of every project write of a valid `projektTrinkwasser` as number or numeric string: a 422 fails'),
  'PROJ-42': sequence('`projektTrinkwasser` read after a write that sent it empty or null'),
  'PROJ-43': sequence('`projektWaermeerzeugerSolarStatus` read back after it was sent as true, "on" or 1'),
  'PROJ-44': sequence('`projektWaermeerzeugerSolarStatus` read back after it was sent as false, "off", 0, empty or null'),
  'PROJ-45': exchange('the status of every project write of `projektWaermeerzeugerSolarArt` against the codes 1 and 2'),
  'PROJ-46': exchange('the status of every project write of a valid `projektWaermeerzeugerSolarArt` as number or numeric string: a 422 fails'),
  'PROJ-47': sequence('`projektWaermeerzeugerSolarArt` read after a write that sent it empty or null'),
  'PROJ-48': exchange('the status of every project write of `projektKollektorflaecheSolar` against 0 to 1000000'),
  'PROJ-49': exchange('the status of every project write of a valid `projektKollektorflaecheSolar` as numeric string: a 422 fails'),
  'PROJ-50': sequence('`projektKollektorflaecheSolar` read after a write that sent it empty or null'),
  'PROJ-51': sequence('`projektWaermeerzeugerHolzStatus` read back after it was sent as true, "on" or 1'),
  'PROJ-52': sequence('`projektWaermeerzeugerHolzStatus` read back after it was sent as false, "off", 0, empty or null'),
  'PROJ-53': exchange('the status of every project write of `projektJahresverbrauchHolz` against 0 to 1000000'),
  'PROJ-54': exchange('the status of every project write of a valid `projektJahresverbrauchHolz` as numeric string: a 422 fails'),
  'PROJ-55': sequence('`projektJahresverbrauchHolz` read after a write that sent it empty or null'),
  'PROJ-56': exchange('the status of every project write of `projektWaermeerzeugerHolzArt` against its six codes'),
  'PROJ-57': exchange('the status of every project write of a valid `projektWaermeerzeugerHolzArt` as number or numeric string: a 422 fails'),
  'PROJ-58': sequence('`projektWaermeerzeugerHolzArt` read after a write that sent it empty or null'),
  'PROJ-59': exchange('the status of every project write of a text `email`: a 422 fails'),
  'PROJ-60': sequence('`email` read after a write that sent it empty'),
  'PROJ-61': exchange('the status of every project write whose `email` holds a NUL character'),
  'PROJ-62': exchange('the status of every project write of text contact fields: a 422 fails'),
  'PROJ-63': sequence('the contact fields read back after they were sent as a number or null'),
  'PROJ-64': exchange('the status of every project write whose contact fields hold a NUL character'),
  'PROJ-65': exchange('the status of every project write of `plz` against 4 to 5 digits'),
  'PROJ-66': sequence('`plz` read back after it was sent as a string with leading zeros'),
  'PROJ-67': sequence('`plz` read after a write that sent it empty or null'),
  'PROJ-69': exchange('the status of every project write of a flag with a value outside the listed ones'),
  'PROJ-70': exchange('projektHeader of every creation and detail answer'),
  'PROJ-71': exchange(`projektHeader.link of every creation and detail answer: ${FORM_ONLY}`),
  // A creation body shows the customer may create (annual or education license), and both must get 201.
  'PROJ-72': exchange('the status of every POST /reports that created a project'),
  'PROJ-73': exchange('the members of every creation answer'),
  'PROJ-74': exchange('the JSON `status` of every creation answer'),
  'PROJ-75': exchange('`action` of every creation answer'),
  'PROJ-76': exchange('the status of every POST /reports without a body: a 400, 415 or 422 fails'),
  'PROJ-77': exchange('the status of every POST /reports with the body {}: a 422 fails'),
  'PROJ-78': exchange('the status of every POST /reports whose body has a property'),
  'PROJ-79': notPassive(LOCKED),
  'PROJ-80': notPassive(EXPIRED),
  'PROJ-81': notPassive("which customers hold an education license is the target's knowledge"),
  'PROJ-82': sequence("the keys of one customer's successive creations"),
  'PROJ-84': exchange('the status and body of every POST /reports/with-data that created a project'),
  'PROJ-85': exchange('the status of every POST /reports/with-data without a body: a 201 fails'),
  'PROJ-86': exchange('the status of every POST /reports/with-data whose data breaks the field table: a 201 fails'),
  'PROJ-87': sequence('the values sent to POST /reports/with-data against its creation answer and the next read of the project'),
  'PROJ-88': exchange('the `projektData` values of every creation and detail answer'),
  'PROJ-89': exchange('the status and groups of every successful GET /reports'),
  'PROJ-90': sequence("the customer's project lists against the projects it created, and lists with paging parameters against those without"),
  'PROJ-91': notPassive(OWNERSHIP),
  'PROJ-92': sequence("the customer's next GET /reports after a creation"),
  'PROJ-94': notPassive(EXPIRED),
  'PROJ-95': sequence('the status of a detail read, in lowercase, of a project the same customer created or read with 200 shortly before (a list entry is no proof of ownership here); a 401, 403, 429 or 5xx is left unjudged, as is a read after a DELETE or other write of unknown effect to the project'),
  'PROJ-96': exchange('the members of every successful project detail answer'),
  'PROJ-97': exchange('the member names of every project detail answer (password, internal and owner members)'),
  'PROJ-99': notPassive(EXPIRED),
  'PROJ-100': notPassive(OWNERSHIP),
  'PROJ-101': sequence('the status of a PATCH, in lowercase, of a project the same customer created or read with 200 shortly before, whose body is valid in every reading of the field table (so never one with `projektPostleitzahl`); a 400, 401, 403, 413, 415, 429 or 5xx is left unjudged, a 422 is charged to the field table (PROJ-5, PROJ-15, ...)'),
  'PROJ-102': sequence('the project read before and after a PATCH of it'),
  'PROJ-103': notPassive(OWNERSHIP),
  'PROJ-104': exchange('the status of every project PATCH without a body or without an envelope: a 200 fails'),
  'PROJ-106': notPassive(EXPIRED),
  'PROJ-107': sequence('the status of a password change, in lowercase, of a project the same customer created or read with 200 shortly before, with a valid `{newPassword}`; a 400, 401, 403, 413, 415, 429 or 5xx is left unjudged, a 422 to exactly 12 or 256 characters is charged to PROJ-108'),
  'PROJ-108': exchange('the status of every password change of exactly 12 or 256 characters: a 422 fails'),
  'PROJ-109': exchange('the status of every password change shorter than 12 characters'),
  'PROJ-110': exchange('the status of every password change longer than 256 characters'),
  'PROJ-111': exchange('the status of every password change without `newPassword`'),
  'PROJ-112': exchange('the status of every password change whose `newPassword` is not a string'),
  'PROJ-113': exchange('the status of every password change with a field besides `newPassword`'),
  'PROJ-114': sequence("the token's next request after it changed a project's password: a 401 fails"),
  'PROJ-115': sequence('every later answer to the customer searched for the passwords it sent'),
  'PROJ-116': notPassive(OWNERSHIP),
  'PROJ-118': sequence('a read of the project after a DELETE of it: a 404 fails'),
  'PROJ-119': sequence('the values a with-data creation answer or the next read shows against those written, with no other write of the project between, where no field rule of its own judges the case (contact texts sent as text included: PROJ-62 is judged by the answer to the write); values whose stored form the spec leaves open (untrimmed or unnormalized texts, numbers out of range or not plain) are not judged'),
  'PROJ-120': sequence('`email` read after a write that sent it null'),
  'PROJ-121': notPassive('nothing in a list entry marks a variant, and variants are made outside the interface'),
  'PROJ-122': notPassive(EXPIRED),
};

const rooms: Table = {
  'ROOM-1': exchange('the status and body of every successful room list'),
  'ROOM-2': exchange('the status and body of every successful room creation'),
  'ROOM-3': exchange('the status and body of every successful room read'),
  'ROOM-4': exchange('the status and body of every successful room PATCH'),
  'ROOM-5': exchange('every room object of a room answer'),
  'ROOM-6': exchange('`projectKey` of every room object against the key in the path'),
  'ROOM-7': sequence('the read of a room by the id its creation answer gave'),
  'ROOM-8': sequence('a room id the customer created under one of its projects, asked for under another'),
  'ROOM-9': notPassive(OWNERSHIP),
  // Output-only fields sent as input may be refused or ignored (FREE-ROOM-9): only what is stored after tells.
  'ROOM-10': sequence('the room answered and read after a write that carried its id or `projectKey`'),
  'ROOM-11': sequence('`raumBaujahr` answered and read after a write that carried it'),
  'ROOM-12': sequence('the floor labels answered and read after a write that carried them'),
  'ROOM-14': exchange('the `roomData` members of every room object'),
  'ROOM-15': exchange('the JSON types of the `roomData` values of every room object'),
  'ROOM-16': exchange('the status of every room creation without `raumBezeichnung`'),
  'ROOM-17': exchange('the status of every room write whose `raumBezeichnung` is empty after trimming'),
  'ROOM-18': exchange('the status of every room write of `raumBezeichnung` against 1 to 120 characters after trimming'),
  'ROOM-19': exchange('the status of every room write of `raumEtage` against the integers 0 to 7'),
  'ROOM-20': exchange('the type of `raumEtage` in every room object'),
  // A room answer is the room after the write: the kit's active checks read creation defaults and
  // PATCH deletions from it too.
  'ROOM-21': exchange('`raumEtage` of every creation answer to a body without it'),
  'ROOM-22': exchange('the status of every room write of `raumFlaeche` against its range'),
  'ROOM-23': exchange('`raumFlaeche` in the answer to every room PATCH that sent it empty or null'),
  'ROOM-24': exchange('`raumFlaeche` of every creation answer to a body without it'),
  'ROOM-25': exchange('the status of every room write of `raumHoehe` against its range'),
  'ROOM-26': exchange('`raumHoehe` in the answer to every room PATCH that sent it empty or null'),
  'ROOM-27': exchange('`raumHoehe` of every creation answer to a body without it'),
  'ROOM-28': exchange('the status of every room write of `raumTemperatur` against 7 and the integers 16 to 26'),
  'ROOM-29': exchange('the type of `raumTemperatur` in every room object'),
  'ROOM-31': exchange('`raumTemperatur` of every creation answer to a body without it'),
  'ROOM-32': exchange('the status of every room write of `raumNotiz` against 255 characters'),
  'ROOM-33': exchange('`raumNotiz` in the answer to every room PATCH that sent it empty'),
  'ROOM-34': exchange('`raumNotiz` of every creation answer to a body without it'),
  'ROOM-35': sequence('`raumBaujahr` of a created room against the `projektBaujahr` the customer last read or wrote'),
  'ROOM-36': sequence("`raumBaujahr` of a room before and after a change of its project's `projektBaujahr`"),
  'ROOM-37': exchange('the status of every room write with a `roomData` field the room table does not name'),
  'ROOM-38': exchange('the status of every room write with a boolean as a numeric value'),
  'ROOM-39': exchange('the status of every room write with an array or object as a `roomData` value'),
  'ROOM-40': exchange('the status of every room write of a valid number as JSON number or numeric string: a 422 fails'),
  'ROOM-41': exchange('the status of every room write of a valid area or height with a decimal comma: a 422 fails'),
  'ROOM-42': exchange('the status of every room write with a numeric string longer than 32 characters'),
  'ROOM-43': exchange('the status of every room write with a non-integer floor or temperature'),
  'ROOM-44': exchange('`raumEtageBezeichnung` of every room object against its floor id'),
  'ROOM-45': exchange('`raumEtageKuerzel` of every room object against its floor id'),
  'ROOM-47': sequence('the floor labels answered and read after a PATCH that changed the floor'),
  'ROOM-48': exchange('the status of every room write whose body is not `{roomData: {...}}` alone'),
  'ROOM-49': sequence('the room before and after a PATCH of it (its answer and the next read)'),
  'ROOM-50': notPassive(EXPIRED),
  'ROOM-51': notPassive(EXPIRED),
  'ROOM-52': sequence("the room ids of one customer's successive creations in one project"),
  'ROOM-54': sequence('a read of the room after a DELETE of it: a 404 fails'),
  'ROOM-55': notPassive("whether a project holds more than base room data (components set in the portal) is the target's knowledge"),
  'ROOM-56': notPassive("whether a room id exists is the target's knowledge"),
  'ROOM-57': sequence('the status of a room PATCH that sent `raumEtage` empty or null, and the floor read after it'),
  'ROOM-58': sequence('the status of a room PATCH that sent `raumTemperatur` empty or null, and the temperature read after it'),
  'ROOM-59': sequence('the status of a room PATCH that sent `raumBezeichnung` empty or null, and the name read after it'),
};

// Operations without a row in the status table may move the status (FREE-STAT-1): a sequence judge
// compares reads with only the named operation between them.
const status: Table = {
  'STAT-1': exchange('projektHeader.status of every creation answer'),
  'STAT-2': sequence('the status of a new project read while nothing but reads followed its creation'),
  'STAT-3': sequence('the project status read before and after a room creation'),
  'STAT-5': sequence('the project status read before and after a room creation, when it was 4 or 5 before'),
  'STAT-6': sequence('the project status read before and after a room PATCH'),
  'STAT-10': exchange('the `status` of every funding application in a list or single answer'),
  'STAT-12': sequence('an application read before and after a write on its path: taking over a value the write sent fails'),
  'STAT-13': sequence('the project status read before and after a refused room creation'),
};

const funding: Table = {
  'FUND-1': exchange('the status and members of every successful funding list'),
  'FUND-2': exchange('the status and members of every successful single application'),
  'FUND-3': exchange('the members of every application and its `advisor`'),
  'FUND-4': exchange('every application for omitted core fields'),
  // Pages may shift under parallel changes (FUND-45), so one application can show on two pages.
  'FUND-5': exchange('the type of every `applicationId` and their uniqueness within one answer'),
  'FUND-6': sequence('the single read of an `applicationId` the customer took from a list'),
  'FUND-8': exchange('`applicationType` of every application with a `projectKey`'),
  'FUND-10': exchange('the type of `projectId` in every application'),
  'FUND-11': sequence("`projectKey` of every application against the customer's own reads of that project: a 404 fails"),
  'FUND-12': exchange('`projectKey` of every application whose `applicationType` is not project_bound'),
  'FUND-14': exchange('the type of `bzaId` in every application (dropped zeros are not visible)'),
  'FUND-15': exchange('the type of `bndId` in every application (dropped zeros are not visible)'),
  'FUND-16': exchange('the type of `statusLabel` in every application'),
  'FUND-17': exchange('the type of `statusStep` in every application'),
  'FUND-18': exchange('the type of `nextAction` in every application'),
  'FUND-19': exchange('the type of `advisor.id` in every application'),
  'FUND-20': exchange('the type of `advisor.name` in every application'),
  'FUND-21': exchange('the type of `advisor.title` in every application'),
  'FUND-22': exchange('`advisor.assigned` of every application'),
  'FUND-23': exchange('the form of the seven milestone times in every application'),
  'FUND-25': exchange('`page` of every list answer to a request without `page`'),
  'FUND-26': exchange('`limit` of every list answer to a request without `limit`'),
  'FUND-27': exchange('the status of every funding list request against the `limit` range'),
  'FUND-28': exchange('the status of every funding list request against the `page` range'),
  'FUND-29': exchange('the status of every funding list request with a non-numeric or non-integer `page` or `limit`'),
  'FUND-30': exchange('the status of every funding list request with an unknown query parameter'),
  'FUND-31': exchange('the order of the applications within every list answer, as text or as numbers'),
  'FUND-32': sequence("a page past the `total` the customer's list answers gave: anything but an empty 200 fails"),
  'FUND-33': exchange('the size, `total`, `page` and `limit` of every list answer against its request'),
  'FUND-34': exchange('the status and the `projectKey` of the applications of every successful project list'),
  'FUND-35': notPassive(OWNERSHIP),
  'FUND-36': sequence('the status of a project list for a project the customer created or listed'),
  'FUND-38': exchange('the status of every project list request against the `page` and `limit` rules'),
  'FUND-39': sequence('applications the customer read singly or in a project list, against all pages of its /funding/applications read around them'),
  'FUND-40': notPassive(EXPIRED),
  'FUND-41': sequence('an application read before and after a write on a funding path: taking over a value the write sent fails'),
  'FUND-42': notPassive("the expected applications are the profile's knowledge"),
  'FUND-43': sequence('`projectId` of an application against the projektHeader.id the customer read for its `projectKey`'),
  'FUND-46': notPassive('projects leave outside the interface, so the observer cannot tell when one is no longer available'),
  'FUND-47': notPassive("the advisor's full and stored names are the target's knowledge"),
};

const results: Table = {
  'RES-1': exchange('the status of every results answer that carries results'),
  'RES-2': exchange('the members of every successful results answer'),
  'RES-3': exchange('`project.key` of every results answer against the key in the path'),
  'RES-4': exchange('the members of `results` in every successful answer'),
  'RES-5': exchange('`results.status` of every answer with `available` true'),
  'RES-7': exchange('the spreads of `floorHeatingBalance.groups` in every successful answer'),
  'RES-8': exchange('the members of every floor heating group'),
  'RES-9': exchange('`flowRateSum` of every group against its rooms'),
  'RES-10': exchange('the members of every group room'),
  'RES-11': exchange('`spread` of every group room against its group'),
  'RES-12': exchange('`flowLpm` of every group room against its `flowRate`'),
  'RES-13': exchange('the names and nesting of `projekt.abgleichFBH` in every successful answer'),
  'RES-14': exchange('every abgleichFBH entry against the group of its spread in the same answer'),
  'RES-15': exchange('the abgleichFBH rooms against the group rooms in the same answer'),
  'RES-16': exchange('`durchfluss` against the setting value in the same answer'),
  'RES-17': notPassive("which projects lack data for a calculation is the target's knowledge; the form of the answer is judged under ERR-21"),
  'RES-18': exchange('the status of every results request with `flowTemperature` 25 to 95 and a valid `spread`: a 422 validation fails'),
  'RES-19': exchange('the status of every results request with `flowTemperature` out of range or non-numeric'),
  'RES-20': exchange('the status of every results request with a `spread` of 0 or less, not below `flowTemperature`, or non-numeric'),
  'RES-21': exchange('the status of every results request against the `vorlaufT` range'),
  'RES-22': exchange('the status of every results request against the `spreizung` range'),
  'RES-23': exchange('the status of every results request that sends a parameter under both names with only one of them valid'),
  'RES-24': sequence('the project data and a later results answer without parameters, around a results call with parameters'),
  'RES-25': sequence('`radiators` and `hydraulicBalance` of two results calls of one project with other system temperatures and no write between'),
  'RES-26': exchange('the group spreads of every results answer to a request with system temperatures'),
  'RES-28': sequence('the rooms and radiators read before and after a results call with parameters'),
  'RES-29': notPassive(RADIUS),
  'RES-30': notPassive(LOCKED),
  'RES-31': notPassive(EXPIRED),
  'RES-32': notPassive(OWNERSHIP),
  'RES-33': exchange('`projekt.abgleichFBH` beside `results.floorHeatingBalance` in every successful answer'),
};

// Document and picture links are the target's own URLs: only a pdf or picture answer that handed a
// link out tells that a later fetch is one of them.
const documents: Table = {
  'DOC-1': exchange('the status and Content-Type of every successful pdf answer'),
  'DOC-2': exchange(`\`linkToDocument\` of every pdf answer: ${FORM_ONLY}`),
  'DOC-3': exchange(`\`file.url\` of every pdf answer: ${FORM_ONLY}`),
  'DOC-4': exchange(`\`file.viewerUrl\` of every pdf answer that has one: ${FORM_ONLY}`),
  'DOC-5': notPassive("the signature scheme is the target's: an altered link cannot be told from a genuine one handed out unseen"),
  'DOC-7': notPassive('the kind of document generated is not visible in the pdf answer'),
  'DOC-8': exchange('the status of every pdf request with `type` service or check: a 422 fails'),
  'DOC-9': notPassive("who holds the heat-pump function right is the target's knowledge"),
  'DOC-10': sequence('the links of two pdf answers for one project, and later fetches of both'),
  'DOC-11': notPassive(RADIUS),
  'DOC-12': notPassive(LOCKED),
  'DOC-13': notPassive(EXPIRED),
  'DOC-14': notPassive(OWNERSHIP),
  'DOC-15': exchange('the status and body of every successful picture list'),
  'DOC-16': exchange('the members of every picture item'),
  'DOC-17': sequence('fetches of a relative picture `url` the customer was handed, resolved against the server origin'),
  'DOC-18': notPassive("the signature scheme is the target's: an altered link cannot be told from a genuine one handed out unseen"),
  'DOC-20': sequence("the customer's picture list before and after a POST to the pictures path"),
  'DOC-22': notPassive(OWNERSHIP),
  'DOC-23': sequence('fetches of a `file.url` soon after the pdf answer that handed it out'),
  'DOC-24': notPassive("link lifetimes are the target's (FREE-DOC-4): whether a served link had expired is not visible"),
  'DOC-25': notPassive("link lifetimes are the target's (FREE-DOC-4): whether a served link had expired is not visible"),
  'DOC-26': sequence('Cache-Control of the answer to a picture `url` the customer was handed'),
  'DOC-27': notPassive(EXPIRED),
};

const webhook: Table = {
  'HOOK-1': notPassive(DELIVERY),
  'HOOK-2': notPassive(DELIVERY),
  'HOOK-3': notPassive("the portal's document creation is outside the interface, and its deliveries outside the traffic"),
  'HOOK-4': notPassive(DELIVERY),
  'HOOK-5': notPassive(DELIVERY),
  'HOOK-6': notPassive('the pro-area setting and the deliveries are both outside the observed traffic'),
  'HOOK-7': notPassive("the target's handling of the webhook address happens outside the observed traffic"),
  'HOOK-8': notPassive("the target's handling of the webhook address happens outside the observed traffic"),
  'HOOK-9': notPassive(DELIVERY),
  'HOOK-10': notPassive(DELIVERY),
  'HOOK-11': notPassive(DELIVERY),
  'HOOK-12': notPassive(DELIVERY),
  'HOOK-14': notPassive(DELIVERY),
  'HOOK-15': notPassive('a slow or failing receiver is not visible, so a slow pdf answer cannot be laid at its door'),
  'HOOK-17': notPassive(DELIVERY),
  'HOOK-18': notPassive(DELIVERY),
  'HOOK-19': notPassive(DELIVERY),
  'HOOK-20': notPassive(DELIVERY),
  'HOOK-21': notPassive(DELIVERY),
  'HOOK-22': notPassive(DELIVERY),
  'HOOK-23': notPassive(DELIVERY),
  'HOOK-24': notPassive(DELIVERY),
  'HOOK-25': notPassive(DELIVERY),
  'HOOK-26': notPassive(DELIVERY),
  'HOOK-27': notPassive(DELIVERY),
  'HOOK-28': notPassive(DELIVERY),
  'HOOK-29': notPassive(DELIVERY),
  'HOOK-31': notPassive(DELIVERY),
  'HOOK-32': notPassive(DELIVERY),
};

// A token is one customer, so a token's own requests are always counted together; requests of other
// tokens may be the same customer's, so a 429 is blamed only when no observed traffic explains it.
const rateLimit: Table = {
  'RATE-1': timeline("the times of a token's protected requests: a third admission within one sliding second fails"),
  'RATE-2': timeline('a 429 when fewer than two earlier protected requests of any token can lie in the second before it'),
  'RATE-3': timeline("a token's admissions and 429s against a sliding second rather than a fixed window or a bucket"),
  'RATE-4': timeline("a token's requests to different protected endpoints counted in one window"),
  'RATE-5': notPassive("tokens of one customer look like different customers, so a 429 after another token's traffic may be the shared limit"),
  'RATE-6': notPassive('which tokens belong to one customer is not visible'),
  'RATE-7': timeline("a token's overlapping requests (parallel connections) counted in one window"),
  'RATE-9': timeline("a token's 403, 404 and 422 answers counted toward its later admissions"),
  'RATE-10': timeline('a 429 that only counting public requests (GET /, GET /health, OPTIONS) could explain'),
  'RATE-11': timeline(
    "a 429 to a token's request sent more than 1 and at most 5 seconds after the answer of an earlier 429 of the same token, with fewer than two protected requests of any token (answered, unknown or unanswered ones included) able to lie in the second before it; narrower than the sentence: a wait after another token's 429 is not seen as the customer's, a retry later than 5 s is RATE-2's alone, and a 429 that public requests sent with credentials could explain is RATE-10's",
  ),
  'RATE-12': notPassive("which tokens are invalid and the documented per-address value are the target's and the profile's knowledge"),
  'RATE-15': timeline(
    "a third admission of a token within one sliding second where one of the three asked for more: a header named for a limit (rate, limit, quota, burst, bypass) or a query parameter its endpoint lacks; narrower than the sentence: a raise by another header or by a parameter the endpoint defines is RATE-1's failure alone, and a limit merely higher than 2 fails RATE-15 as well on such a set (the judge reads the situation, not the mechanism)",
  ),
};

/** Rule ID to its passive judgement, for every testable rule of the catalogue. */
export const PASSIVE: Table = Object.freeze({
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
});

/**
 * The passive judgement of a rule; undefined for a rule the kit does not test (unspecified or out of
 * reach), which a passive judge has nothing to decide about either. Throws on an unknown ID.
 */
export function passiveOf(id: string): PassiveJudgement | undefined {
  const rule = getRule(id);
  return rule.level === 'must' && rule.testable ? PASSIVE[id] : undefined;
}
