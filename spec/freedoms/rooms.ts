import { freedoms } from './freedom.js';

/** Freedoms of the rooms area: each quotes the spec's words that leave the reading open. */
export const roomsFreedoms = freedoms('rooms', [
  {
    id: 'FREE-ROOM-1',
    quote:
      'POST/GET/PATCH .../rooms: "Payload out" `{room}` and `rooms[]`; "Value of `action` in all responses except createReport, getResults and getFundingApplication: not shown."',
    reading: 'A room answer may carry members beside `room` or `rooms` (a historic `status`, an `action`, the `projectKey`), in any order.',
  },
  {
    id: 'FREE-ROOM-2',
    quote: 'Room object: `id` (string, taken exactly from `room.id` after creation), `projectKey`, `roomData`.',
    reading: 'A room object may carry members beside the three (`createdAt`, `updatedAt`); the spec says "only" of the funding application alone.',
  },
  {
    id: 'FREE-ROOM-3',
    quote: '`roomData` fields (all values returned as strings except `raumTemperatur`):',
    reading: '`roomData` may carry string members beside the nine fields of the table.',
  },
  {
    id: 'FREE-ROOM-4',
    quote: '`id` (string, taken exactly from `room.id` after creation)',
    reading: 'A room id is any non-empty string: numeric text from a sequence, a UUID, an opaque token; clients only take it over.',
  },
  {
    id: 'FREE-ROOM-5',
    quote: '| GET | `/reports/{projectKey}/rooms` | token | none | HTTP 200, `rooms[]` |',
    reading: 'The rooms of the list come in any order (newest first, by name, ...).',
  },
  {
    id: 'FREE-ROOM-6',
    quote: '`roomData` fields (all values returned as strings except `raumTemperatur`); `raumEtage`: "integer floor id 0 to 7; output as string"',
    reading:
      'A number inside a returned string may be spelled in any form of its value: area and height as "2.5", "2.50" or with the decimal comma the input accepts ("2,50").',
  },
  {
    id: 'FREE-ROOM-7',
    quote: '`raumBezeichnung`: "text, 1 to 120 characters after trimming; not empty"',
    reading: 'The length is counted after trimming; the name may be stored and returned trimmed or as sent.',
  },
  {
    id: 'FREE-ROOM-8',
    quote: '`raumNotiz`: "text, at most 255 characters; empty string deletes"',
    reading: 'The note may be stored as sent or normalized (surrounding whitespace trimmed, so a note of whitespace only deletes it).',
  },
  {
    id: 'FREE-ROOM-9',
    quote:
      'Room id, project assignment, `raumBaujahr`, U-values and heating surfaces cannot be written. `raumEtageBezeichnung`, `raumEtageKuerzel`: "out only"; "never sent as input"',
    reading: 'An output-only field of the table sent in `roomData` may be refused (422) or ignored (not written); either way the stored room keeps its value.',
  },
  {
    id: 'FREE-ROOM-10',
    quote: 'The errors table lists 404 `not_found` (project, room missing or foreign) and 422 `validation` (unknown field, wrong type, invalid value) without an order between them.',
    reading: 'A room write that is both for a missing or foreign project or room and invalid may answer 404 or 422: the body may be validated before or after the lookup.',
  },
]);
