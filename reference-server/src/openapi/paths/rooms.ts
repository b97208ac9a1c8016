import { roomResponseExamples, roomWriteExamples } from '../examples/rooms.js';
import { PROJECT_NOT_FOUND, type ErrorCases, type OperationSpec } from '../operation.js';
import { requestBodies } from '../schemas/requests.js';
import { roomListResponse, roomResponse } from '../schemas/rooms.js';

const LICENSE: ErrorCases['forbidden'] = {
  description: 'No valid license. An unlocked customer keeps reading, creating and changing rooms after the license expired.',
  examples: ['forbiddenLicense'],
};
const ROOM = 'No own project with this key, or no room with this id in that project (a room of another project answers the same).';
const FIELD_RULES =
  'Unknown or read-only field, wrong type (booleans, arrays and objects are never values) or invalid value, or the body omitted. details.field names the offending field.';

export const roomOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/reports/{projectKey}/rooms',
    operationId: 'getRooms',
    tag: 'Rooms',
    summary: 'List the rooms of a project',
    description: 'The rooms of an own project.',
    success: { status: 200, description: 'The rooms.', schema: roomListResponse, examples: { rooms: roomResponseExamples.list } },
    errors: { forbidden: LICENSE, notFound: PROJECT_NOT_FOUND },
  },
  {
    method: 'post',
    path: '/reports/{projectKey}/rooms',
    operationId: 'createRoom',
    tag: 'Rooms',
    summary: 'Create a room',
    description:
      'Creates a room with its base data; defaults: floor 1, height 2.5 m, temperature 20 °C. raumBaujahr is copied from the project. A project of a status other than 4 and 5 moves to 2 (in progress) together with the room. No idempotency key: after a connection loss check the room list before repeating.',
    body: { schema: requestBodies.roomCreate, required: true, description: 'roomData with raumBezeichnung.', examples: { room: roomWriteExamples.create } },
    success: { status: 201, description: 'Created; the new id is room.id.', schema: roomResponse, examples: { created: roomResponseExamples.created } },
    creates: { roomId: '/room/id' },
    errors: { body: true, forbidden: LICENSE, notFound: PROJECT_NOT_FOUND, invalid: { description: FIELD_RULES, examples: ['roomNameMissing'] } },
  },
  {
    method: 'get',
    path: '/reports/{projectKey}/rooms/{roomId}',
    operationId: 'getRoom',
    tag: 'Rooms',
    summary: 'Read a room',
    description: 'One room of an own project.',
    success: { status: 200, description: 'The room.', schema: roomResponse, examples: { room: roomResponseExamples.read } },
    errors: { forbidden: LICENSE, notFound: ROOM },
  },
  {
    method: 'patch',
    path: '/reports/{projectKey}/rooms/{roomId}',
    operationId: 'updateRoom',
    tag: 'Rooms',
    summary: 'Change a room',
    description: "Only sent fields change, the others are kept. The project's status stays; its activity is updated.",
    body: { schema: requestBodies.roomPatch, required: true, description: 'roomData with at least one field.', examples: { change: roomWriteExamples.patch } },
    success: { status: 200, description: 'The room after the change.', schema: roomResponse, examples: { changed: roomResponseExamples.patched } },
    errors: { body: true, forbidden: LICENSE, notFound: ROOM, invalid: { description: FIELD_RULES, examples: ['roomReadOnly'] } },
  },
];
