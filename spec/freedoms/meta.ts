import { freedoms } from './freedom.js';

/** Freedoms of the meta area: each quotes the spec's words that leave the reading open. */
export const metaFreedoms = freedoms('meta', [
  {
    id: 'FREE-META-1',
    quote: 'GET `/` ... Payload out `{name: string, version: string}`',
    reading: 'The body of GET / may carry further members beside `name` and `version` (no sentence says "only" for it), e.g. `status`, `action` or links.',
  },
  {
    id: 'FREE-META-2',
    quote: "GET `/health` ... `{status: 'ok', api: string, version: string, timestamp: date-time}` (all required)",
    reading: 'The body of GET /health may carry further members: "all required" says none of the four may be missing, not that nothing else may be there.',
  },
  {
    id: 'FREE-META-3',
    quote: '`{name: string, version: string}`; `api: string`',
    reading: 'The values of `name` (GET /) and `api` (GET /health) are any strings: the spec names only their type.',
  },
  {
    id: 'FREE-META-4',
    quote: '`timestamp: date-time`',
    reading: 'The health timestamp is any date-time, in any offset, and may stand for another moment than the request (a cached health answer, the last check).',
  },
]);
