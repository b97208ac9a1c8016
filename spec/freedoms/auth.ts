import { freedoms } from './freedom.js';

/** Freedoms of the auth area: each quotes the spec's words that leave the reading open. */
export const authFreedoms = freedoms('auth', [
  {
    id: 'FREE-AUTH-1',
    quote: 'Foreign and non-existent resources are indistinguishable (404).',
    reading:
      'The two 404 answers may echo what the request named (the key, room or application id, the path) and carry what differs between any two answers anyway (a request id, a time); apart from that they are the same.',
  },
]);
