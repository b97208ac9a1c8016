import { emptyCreateBodySchema, passwordBodySchema, projectWriteBodySchema } from '../../domain/project-fields.js';
import { roomCreateBodySchema, roomPatchBodySchema } from '../../domain/room-fields.js';
import { requestSchemas } from './registries.js';

/** The bodies exactly as the routes validate them: the server's own schemas, only named here. */
export const requestBodies = {
  emptyCreate: emptyCreateBodySchema.register(requestSchemas, { id: 'EmptyCreateBody' }),
  projectWrite: projectWriteBodySchema.register(requestSchemas, { id: 'ProjectWriteBody' }),
  password: passwordBodySchema.register(requestSchemas, { id: 'PasswordBody' }),
  roomCreate: roomCreateBodySchema.register(requestSchemas, { id: 'RoomCreateBody' }),
  roomPatch: roomPatchBodySchema.register(requestSchemas, { id: 'RoomPatchBody' }),
};
