/**
 * Values for the path parameters of the endpoint table (spec/endpoints.ts): resources that exist
 * nowhere, and resources a leased owner really has (a project and a room, created once per owner
 * and suite file, like the harness's shared project).
 */
import { randomBytes } from 'node:crypto';
import type { Profile } from '../../spec/profile.schema.js';
import { hasPathParameter, type Endpoint, type PathParameter } from '../../spec/endpoints.js';
import { z } from 'zod';
import { PREREQUISITE, type Actor } from '../harness/client.js';
import { harnessProjectName, type CheckContext } from '../harness/check.js';
import { readOnward } from '../harness/read-onward.js';
import { absentProjectKey } from '../harness/absent-key.js';

export type PathValues = Partial<Record<PathParameter, string>>;

/** Well-formed values of resources that do not exist (answers 404 for an authenticated customer). */
export function absentValues(): PathValues {
  return { projectKey: absentProjectKey(), roomId: `cpf-no-such-room-${randomBytes(4).toString('hex')}`, applicationId: '999999999' };
}

/**
 * For requests that must be refused before any lookup (401): real resources when the profile
 * names some, so the answer cannot come from a missing resource, else absent ones.
 */
export function someValues(profile: Profile): PathValues {
  const absent = absentValues();
  return {
    ...absent,
    projectKey: profile.resources?.foreignProjectKey ?? absent.projectKey,
    applicationId: profile.resources?.funding?.foreignApplicationId ?? absent.applicationId,
  };
}

/** Rooms are never deleted (no endpoint), so one per owner's shared project and suite file is reused. */
const sharedRooms = new Map<string, Promise<string>>();

function sharedRoom(actor: Actor, projectKey: string): Promise<string> {
  let room = sharedRooms.get(actor.label);
  if (!room) {
    room = actor
      // Sent again past a gateway's answer: a room a lost answer leaves behind is one more of the shared project's, whose room list no check judges.
      .post(`/reports/${projectKey}/rooms`, { roomData: { raumBezeichnung: harnessProjectName('room') } }, PREREQUISITE)
      .then(
        (res) =>
          readOnward(res, { status: 201, schema: z.looseObject({ room: z.looseObject({ id: z.string().min(1) }) }), owner: 'ROOM-2', what: `the creation of the shared room of ${actor.label}` }).room.id,
      );
    sharedRooms.set(actor.label, room);
    room.catch(() => sharedRooms.delete(actor.label));
  }
  return room;
}

/**
 * A leased owner and the values of its own resources that `endpoint` needs: its shared project,
 * and a room in it when the path has `{roomId}`. Applications cannot be created, so
 * `{applicationId}` is an absent one.
 */
export async function ownValues(t: CheckContext, endpoint: Endpoint): Promise<{ actor: Actor; values: PathValues }> {
  if (!hasPathParameter(endpoint, 'projectKey')) return { actor: await t.owner(), values: absentValues() };
  const { actor, key } = await t.ownerWithProject();
  const values: PathValues = { ...absentValues(), projectKey: key };
  if (hasPathParameter(endpoint, 'roomId')) values.roomId = await sharedRoom(actor, key);
  return { actor, values };
}
