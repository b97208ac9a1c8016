import { freedoms } from './freedom.js';

/** Freedoms of the funding area: each quotes the spec's words that leave the reading open. */
export const fundingFreedoms = freedoms('funding', [
  {
    id: 'FREE-FUND-1',
    quote: 'Funding list: response is `{status: 200, action, applications[], total, page, limit}`',
    reading: 'The list answers (of the customer and of a project) may carry further members beside these six, e.g. the `projectKey` of the project list, links or a page count: no sentence says "only" for the envelope.',
  },
  {
    id: 'FREE-FUND-2',
    quote: 'single response is `{status: 200, action: getFundingApplication, application}`',
    reading: 'The single answer may carry further members beside these three: no sentence says "only" for the envelope (the application inside is closed: "Only these core fields are output").',
  },
  {
    id: 'FREE-FUND-3',
    quote: 'Value of `action` in all responses except createReport, getResults and getFundingApplication: not shown.',
    reading: 'The `action` of the two list answers is any string, and may differ between the customer list and the project list.',
  },
  {
    id: 'FREE-FUND-4',
    quote: '`applicationType` | project-bound application or application without project reference; example value for project-bound: `project_bound`; value for the standalone kind: not shown',
    reading: 'Standalone applications carry any `applicationType` (any value, any type) other than the project-bound one.',
  },
  {
    id: 'FREE-FUND-5',
    quote: '`applicationId` | string, unique id; taken over exactly for single retrieval',
    reading: 'Application ids are strings of any form: digits of varying width without leading zeros, letters, separators; only the exact string retrieves the application.',
  },
  {
    id: 'FREE-FUND-6',
    quote: 'Sorted by application id descending',
    reading: 'The comparison is not named: the lists may be sorted by the id as text (so "9" before "10") or, for ids of digits, by their numeric value (so "10" before "9"). Both orders coincide only for fixed-width digits.',
  },
]);
