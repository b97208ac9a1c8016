import { freedoms } from './freedom.js';

/** Freedoms of the projects area: each quotes the spec's words that leave the reading open. */
export const projectsFreedoms = freedoms('projects', [
  {
    id: 'FREE-PROJ-1',
    quote: 'The creation response is `{status: 200 (historic JSON value, HTTP status is 201), action: createReport, projektHeader, projektData}`.',
    reading: 'A creation response may carry further members beside these four: no sentence says "only" for it.',
  },
  {
    id: 'FREE-PROJ-2',
    quote: 'Project header in responses (`projektHeader`): `key` (string), `link` (full URL to the project\'s report page under `{site_url}`), `id` (number), `status` (number).',
    reading: 'The header may carry further members beside these four (e.g. a creation time): no sentence says "only" for it.',
  },
  {
    id: 'FREE-PROJ-3',
    quote: 'Fields of the project detail response (GET) beyond the header values and the released project data: not shown.',
    reading: 'The detail response may carry further members (status, action, links, timestamps) beside `projektHeader` and `projektData`, as long as they are no internal settings, passwords or owner data.',
  },
  {
    id: 'FREE-PROJ-4',
    quote: '`projektData` holds the project fields.',
    reading: '`projektData` may hold further read-only values beside the released fields (e.g. a derived label); no sentence says it holds nothing else.',
  },
  {
    id: 'FREE-PROJ-5',
    quote: 'Inputs are normalized; returned values are often strings.',
    reading: '"Often", not always: codes and numbers (and a contact `plz` without a leading zero) may be returned as JSON numbers instead of numeric text. Text fields stay text ("plain numbers and null are normalized to text"), flags "on" or empty ("stored as on", "stored as empty").',
  },
  {
    id: 'FREE-PROJ-6',
    quote: 'Inputs are normalized; returned values are often strings.',
    reading: 'The normalized spelling of a number is not shown: a returned number may be written with a decimal comma or with trailing zeros (`12000,50` for 12000.5) as well as with a point.',
  },
  {
    id: 'FREE-PROJ-7',
    quote: 'Sending empty or null deletes an optional value.',
    reading: 'How a field without a value is returned is not shown: as empty text, as null, or not at all.',
  },
  {
    id: 'FREE-PROJ-8',
    quote: 'own main projects grouped in `projekte`, `leads`, `api`, `archiv`; no pagination',
    reading: 'Which project goes into which group is not shown: projects created through the API may be listed in `projekte`, archived projects in the group of their origin.',
  },
  {
    id: 'FREE-PROJ-9',
    quote: 'Fields of an entry inside the project list groups: not shown.',
    reading: 'A list entry may name its project in any way: a `key` member, the key inside a link, a nested header, an id under any name.',
  },
  {
    id: 'FREE-PROJ-10',
    quote: 'GET `/reports` ... HTTP 200, own main projects grouped in `projekte`, `leads`, `api`, `archiv`',
    reading: 'The list answer may carry further members beside the four groups (status, action, a count).',
  },
  {
    id: 'FREE-PROJ-11',
    quote: 'Response body of `PATCH /reports/{projectKey}` beyond HTTP 200: not shown.',
    reading: 'The PATCH answer may hold anything: the changed project, only the names of the changed fields, or an empty object.',
  },
  {
    id: 'FREE-PROJ-12',
    quote: 'Response body of the password change beyond HTTP 200: not shown.',
    reading: 'The password answer may hold anything except the password itself ("write only").',
  },
  {
    id: 'FREE-PROJ-13',
    quote: 'Value of `action` in all responses except createReport, getResults and getFundingApplication: not shown.',
    reading: 'The list, detail, PATCH and password answers carry any `action` value, or none.',
  },
  {
    id: 'FREE-PROJ-14',
    quote: '`link` (full URL to the project\'s report page under `{site_url}`)',
    reading: 'The path of the report page under `{site_url}` is not shown: it may name the project by its id instead of its key.',
  },
  {
    id: 'FREE-PROJ-15',
    quote: 'Unknown fields, wrong types and invalid values give 422. ... foreign and non-existent keys give the same 404.',
    reading: 'The order of the checks is not shown: a write with an invalid body to a key that is not an own project may be answered 422 (body checked first) or 404 (project looked up first).',
  },
  {
    id: 'FREE-PROJ-16',
    quote: 'Identified by `projectKey`: nine letters. Newly created keys are nine lowercase letters; the route accepts nine letters including uppercase.',
    reading:
      'The route must take nine letters with uppercase as a key (not refuse it as malformed), but the spec does not say the lookup ignores case: a case-sensitive lookup answers the uppercase or mixed-case spelling of a lowercase key exactly as a key that does not exist (404 not_found), as long as every project route looks keys up alike.',
  },
]);
