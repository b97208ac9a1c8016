/**
 * Faults that live in sequences: each request alone is answered right, and only a certain order
 * of requests shows the defect. Fixed scenarios pass them; the stateful exploration
 * (suites/explore) must find them and shrink its sequence to a few commands.
 */
import type { AppDeps } from '../../../reference-server/src/app.js';
import { projectDataOut } from '../../../reference-server/src/domain/project-fields.js';
import { currentCustomer } from '../../../reference-server/src/http/request-context.js';
import type { Store } from '../../../reference-server/src/store/store.js';
import { intercept, rewriteJson, type Fault } from '../fault.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function withStore(deps: AppDeps, change: (store: Store) => Partial<Store>): AppDeps {
  return { ...deps, store: { ...deps.store, ...change(deps.store) } };
}

const PROJECT_DETAIL = /^\/reports\/([^/]+)$/;

export const sequenceFaults: Fault[] = [
  {
    id: 'sequence-status-regresses-after-patch',
    foundBy: 'sequences',
    description: 'a project PATCH that follows a room creation (status 2) sets the status back to 1',
    rules: ['PROJ-102'],
    configure: (deps) =>
      withStore(deps, (store) => {
        const statusOf = store.db.prepare<[number], number>('SELECT status FROM projects WHERE id = ?').pluck();
        return {
          projects: {
            ...store.projects,
            updateData: (id: number, data: Record<string, string>, at: Date) => {
              store.projects.updateData(id, data, at);
              if (statusOf.get(id) === 2) store.projects.setStatusAndActivity(id, 1, at);
            },
          },
        };
      }),
  },
  {
    id: 'sequence-patch-after-password-clears-name',
    foundBy: 'sequences',
    description: 'the first project PATCH after a password change clears projektName',
    rules: ['PROJ-102'],
    configure: (deps) =>
      withStore(deps, (store) => {
        const passwordChanged = new Set<number>();
        return {
          projects: {
            ...store.projects,
            setPasswordHash: (id: number, hash: string) => {
              store.projects.setPasswordHash(id, hash);
              passwordChanged.add(id);
            },
            updateData: (id: number, data: Record<string, string>, at: Date) => {
              const clear = passwordChanged.delete(id);
              store.projects.updateData(id, clear ? { ...data, projektName: '' } : data, at);
            },
          },
        };
      }),
  },
  {
    id: 'sequence-third-room-default-height',
    foundBy: 'sequences',
    description: 'the third room created in a project gets the default height 2.5 whatever raumHoehe was sent',
    rules: ['ROOM-25'],
    configure: (deps) =>
      withStore(deps, (store) => {
        const roomCount = store.db.prepare<[number], number>('SELECT COUNT(*) FROM rooms WHERE project_id = ?').pluck();
        return {
          rooms: {
            ...store.rooms,
            insert: (r: Parameters<Store['rooms']['insert']>[0]) =>
              store.rooms.insert(roomCount.get(r.projectId) === 2 ? { ...r, data: { ...r.data, raumHoehe: '2.5' } } : r),
          },
        };
      }),
  },
  {
    id: 'sequence-second-token-lags',
    foundBy: 'sequences',
    description: "a project read through any but the customer's first-seen token shows the data as it was before the last PATCH",
    rules: ['AUTH-10'],
    configure: (deps) => {
      const before = new Map<number, Record<string, string>>();
      const firstToken = new Map<number, string>();
      const lagged = withStore(deps, (store) => {
        const dataOf = store.db.prepare<[number], string>('SELECT data FROM projects WHERE id = ?').pluck();
        return {
          projects: {
            ...store.projects,
            updateData: (id: number, data: Record<string, string>, at: Date) => {
              before.set(id, JSON.parse(dataOf.get(id) ?? '{}') as Record<string, string>);
              store.projects.updateData(id, data, at);
            },
          },
        };
      });
      return intercept(
        lagged,
        rewriteJson((body, req, res) => {
          if (req.method !== 'GET' || !PROJECT_DETAIL.test(req.path) || res.statusCode !== 200 || !isObject(body) || !isObject(body.projektHeader)) return body;
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
