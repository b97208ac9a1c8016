import { intercept } from '../../seams/intercept.js';
import { isPdf, PDF_PATH } from '../../seams/paths.js';
import { rewriteJsonOf } from '../../seams/response-rewrite.js';
import { variations } from '../variation.js';

/** Status a generated PDF moves an open project to: a value whose meaning the spec does not show. */
const AFTER_PDF = 3;

/** Readings of the status area's freedoms (spec/freedoms/status.ts) that the reference server can take. */
export const statusVariations = variations([
  {
    id: 'pdf-moves-status-to-3',
    freedoms: ['FREE-STAT-1'],
    description: 'a successful GET .../pdf moves a project in status 1 or 2 to status 3 (a later room creation moves it to 2 as the table says)',
    configure: (deps) =>
      intercept(
        deps,
        rewriteJsonOf(isPdf, (body, req, res) => {
          const key = PDF_PATH.exec(req.path)?.[1];
          const project = res.statusCode === 200 && key !== undefined ? deps.store.projects.findByKey(key.toLowerCase()) : undefined;
          if (project && (project.status === 1 || project.status === 2)) deps.store.projects.setStatusAndActivity(project.id, AFTER_PDF, new Date());
          return body;
        }),
      ),
  },
]);
