import { rewriteApplications } from '../../reference-server/seams/applications.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { FUNDING_SINGLE_PATH, is, ROOM_LIST_PATH } from '../../reference-server/seams/paths.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the status tables: the project status as room operations move it (inside the store,
 * the way a real implementation would get it wrong) and the funding status values.
 */

export const statusFaults: Fault[] = [
  // --- project status ---------------------------------------------------------------------------------
  {
    id: 'project-created-in-status-2',
    description: 'new projects are stored and answered with status 2',
    rules: ['STAT-1'],
    configure: (deps) => wrapRepository(deps, 'projects', (projects) => ({ insert: (p: Parameters<typeof projects.insert>[0]) => projects.insert({ ...p, status: p.status ?? 2 }) })),
  },
  {
    id: 'room-list-moves-status',
    description: 'reading the room list of a project in status 1 moves it to 2',
    rules: ['STAT-2'],
    configure: (deps) => {
      const advance = deps.store.db.prepare('UPDATE projects SET status = 2 WHERE id = ? AND status = 1');
      return wrapRepository(deps, 'rooms', (rooms) => ({
        listByProject: (projectId: number) => {
          advance.run(projectId);
          return rooms.listByProject(projectId);
        },
      }));
    },
  },
  {
    id: 'room-create-keeps-status-1',
    description: 'room creation updates only the activity, a project in status 1 stays in 1',
    rules: ['STAT-3'],
    configure: (deps) =>
      wrapRepository(deps, 'projects', (projects) => ({ setStatusAndActivity: (id: number, _status: number, at: Date) => projects.touchActivity(id, at) })),
  },
  {
    id: 'room-create-moves-final-status',
    description: 'room creation moves every project to 2, also completed and archived ones',
    rules: ['STAT-5'],
    configure: (deps) =>
      wrapRepository(deps, 'projects', (projects) => ({ setStatusAndActivity: (id: number, _status: number, at: Date) => projects.setStatusAndActivity(id, 2, at) })),
  },
  {
    id: 'asserts-room-create-moves-status-4',
    description: 'room creation moves a completed project (status 4) to 2; archived ones (5) stay',
    rules: ['STAT-5'],
    configure: (deps) =>
      wrapRepository(deps, 'projects', (projects) => ({
        setStatusAndActivity: (id: number, status: number, at: Date) => projects.setStatusAndActivity(id, status === 4 ? 2 : status, at),
      })),
  },
  {
    id: 'room-patch-moves-status',
    description: 'a room change moves the project to status 2',
    rules: ['STAT-6'],
    configure: (deps) =>
      wrapRepository(deps, 'projects', (projects) => ({ touchActivity: (id: number, at: Date) => projects.setStatusAndActivity(id, 2, at) })),
  },
  {
    id: 'refused-room-moves-status',
    description: 'POST .../rooms moves a project in status 1 to 2 before the room data is validated, so a refused creation moves it too',
    rules: ['STAT-13'],
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const key = is('POST', ROOM_LIST_PATH)(req) ? ROOM_LIST_PATH.exec(req.path)?.[1] : undefined;
        const project = key === undefined ? undefined : deps.store.projects.findByKey(key.toLowerCase());
        if (project?.status === 1) deps.store.projects.setStatusAndActivity(project.id, 2, new Date());
        next();
      }),
  },

  // --- funding status ---------------------------------------------------------------------------------
  {
    id: 'funding-status-unknown-value',
    description: 'the first funding application of a list (and single reads) show the status in_review',
    rules: ['STAT-10'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body) => {
          if (!isPlainObject(body)) return body;
          if (isPlainObject(body.application)) return { ...body, application: { ...body.application, status: 'in_review' } };
          if (Array.isArray(body.applications) && body.applications.length > 0) {
            const [first, ...rest] = body.applications as Record<string, unknown>[];
            return { ...body, applications: [{ ...first, status: 'in_review' }, ...rest] };
          }
          return body;
        }),
      ),
  },
  {
    id: 'funding-unknown-status-value',
    description: 'the status `execution` is output as `in_execution`, a value outside the status table',
    rules: ['STAT-10'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => (a['status'] === 'execution' ? { ...a, status: 'in_execution' } : a))),
  },
  {
    id: 'funding-patch-writes-status',
    description: 'PATCH /funding/applications/{id} with a status changes the application',
    rules: ['STAT-12'],
    passive: { alsoBreaks: { 'FUND-41': 'the PATCH on a funding path is a write method that changes the application' } },
    configure: (deps) => {
      const setStatus = deps.store.db.prepare('UPDATE funding_applications SET status = ? WHERE application_id = ?');
      return interceptParsed(deps, (req, res, next) => {
        const match = req.method === 'PATCH' ? FUNDING_SINGLE_PATH.exec(req.path) : null;
        const status = isPlainObject(req.body) ? req.body.status : undefined;
        if (!match || typeof status !== 'string') return next();
        setStatus.run(status, decodeURIComponent(match[1] as string));
        res.json({ status: 200 });
      });
    },
  },
];
