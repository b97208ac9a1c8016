/**
 * Faults that live in sequences: each request alone is answered right, and only a certain order
 * of requests shows the defect. Fixed scenarios pass them; the stateful exploration
 * (suites/explore) must find them and shrink its sequence to a few commands.
 */
import { projectDataOut } from '../../reference-server/src/domain/project-fields.js';
import type { Store } from '../../reference-server/src/store/store.js';
import { currentCustomer } from '../../reference-server/seams/customer.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { isProjectDetail } from '../../reference-server/seams/paths.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { trackOwnedProjects, wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

export const sequenceFaults: Fault[] = [
  {
    id: 'sequence-status-regresses-after-patch',
    foundBy: 'sequences',
    description: 'a project PATCH that follows a room creation (status 2) sets the status back to 1',
    rules: ['PROJ-102'],
    configure: (deps) => {
      // The PATCH reads the project (findOwned) in the transaction that updates it: its status then is the stored one.
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      return wrapRepository(tracked, 'projects', (projects) => ({
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          projects.updateData(id, data, at);
          if (projectById(id)?.status === 2) projects.setStatusAndActivity(id, 1, at);
        },
      }));
    },
  },
  {
    id: 'sequence-patch-after-password-clears-name',
    foundBy: 'sequences',
    description: 'the first project PATCH after a password change clears projektName',
    rules: ['PROJ-102'],
    configure: (deps) => {
      const passwordChanged = new Set<number>();
      return wrapRepository(deps, 'projects', (projects) => ({
        setPasswordHash: (id: number, hash: string) => {
          projects.setPasswordHash(id, hash);
          passwordChanged.add(id);
        },
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          const clear = passwordChanged.delete(id);
          projects.updateData(id, clear ? { ...data, projektName: '' } : data, at);
        },
      }));
    },
  },
  {
    id: 'sequence-third-room-default-height',
    foundBy: 'sequences',
    description: 'the third room created in a project gets the default height 2.5 whatever raumHoehe was sent',
    rules: ['ROOM-25'],
    configure: (deps) =>
      wrapRepository(deps, 'rooms', (rooms) => ({
        insert: (r: Parameters<Store['rooms']['insert']>[0]) => rooms.insert(rooms.listByProject(r.projectId).length === 2 ? { ...r, data: { ...r.data, raumHoehe: '2.5' } } : r),
      })),
  },
  {
    id: 'sequence-second-token-lags',
    foundBy: 'sequences',
    description: "a project read through any but the customer's first-seen token shows the data as it was before the last PATCH",
    rules: ['AUTH-10'],
    configure: (deps) => {
      const before = new Map<number, Record<string, string>>();
      const firstToken = new Map<number, string>();
      // The PATCH reads the project (findOwned) in the transaction that updates it: its data then are the stored ones.
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      const lagged = wrapRepository(tracked, 'projects', (projects) => ({
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          before.set(id, projectById(id)?.data ?? {});
          projects.updateData(id, data, at);
        },
      }));
      return intercept(
        lagged,
        rewriteJson((body, req, res) => {
          if (!isProjectDetail(req) || res.statusCode !== 200 || !isPlainObject(body) || !isPlainObject(body.projektHeader)) return body;
          const customer = currentCustomer(res).id;
          const token = req.headers.authorization ?? '';
          if (!firstToken.has(customer)) firstToken.set(customer, token);
          const old = before.get(body.projektHeader.id as number);
          return firstToken.get(customer) === token || !old ? body : { ...body, projektData: projectDataOut(old) };
        }),
      );
    },
  },
];
