import { intercept } from '../../seams/intercept.js';
import { isPlainObject } from '../../seams/json-shapes.js';
import { variations } from '../variation.js';

/** Readings of the auth area's freedoms (spec/freedoms/auth.ts) that the reference server can take. */
export const authVariations = variations([
  {
    id: 'not-found-echoes-path',
    freedoms: ['FREE-AUTH-1'],
    description: 'a 404 names the requested path (with its key, room or application id) in its message and in details.resource',
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        // The path as the API router sees it on the way in; the query (which may hold anything) is left out.
        const path = req.path;
        const json = res.json.bind(res);
        res.json = (body: unknown) =>
          json(
            res.statusCode === 404 && isPlainObject(body)
              ? { ...body, error: `Die Ressource ${path} wurde nicht gefunden.`, details: { ...(isPlainObject(body.details) ? body.details : {}), resource: path } }
              : body,
          );
        next();
      }),
  },
]);
