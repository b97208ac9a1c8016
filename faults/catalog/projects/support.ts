import type { Request, Response } from 'express';
import type { AppDeps } from '../../../reference-server/src/app.js';
import type { Project } from '../../../reference-server/src/store/projects.js';
import { currentCustomer } from '../../../reference-server/seams/customer.js';
import { interceptParsed } from '../../../reference-server/seams/intercept.js';
import { projectKeyOf } from '../../../reference-server/seams/paths.js';

/** What the project faults of several topics share. */

export function refuse(res: Response, field: string): void {
  res.status(422).json({ status: 422, error: `Ungültiger Wert für ${field}.`, details: { type: 'validation', field } });
}

export function answerOk(status: number, applies: (req: Request) => boolean): (deps: AppDeps) => AppDeps {
  return (deps) =>
    interceptParsed(deps, (req, res, next) => {
      if (!applies(req)) return next();
      res.status(status).json({ status });
    });
}

/** The caller's own project of the path, as the route finds it. */
export function ownProject(deps: AppDeps, req: Request, res: Response): Project | undefined {
  const key = projectKeyOf(req)?.toLowerCase();
  return key === undefined ? undefined : deps.store.projects.findOwned(key, currentCustomer(res).id);
}
