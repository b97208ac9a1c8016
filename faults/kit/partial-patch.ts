import type { Request } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { interceptParsed } from '../../reference-server/seams/intercept.js';
import type { Json } from '../../reference-server/seams/json-shapes.js';

/**
 * PATCHes that store the valid part of a request whose other part is invalid: they pass checks
 * that send one invalid field alone, so only a check mixing valid and invalid fields sees them.
 */

/** Judges one field alone, as the route would judge a body holding only it. */
export const acceptedAlone = (parse: (body: unknown) => unknown, wrap: (fields: Json) => Json) => (field: string, value: unknown) => {
  try {
    parse(wrap({ [field]: value }));
    return true;
  } catch {
    return false;
  }
};

/**
 * On PATCHes whose fields object (`fieldsOf`) holds valid and invalid fields together, the invalid
 * ones are dropped and the route stores the rest: answered as the route answers (`ok`), or with a
 * 422 naming the first dropped field (`refused`, the answer right but the store not).
 */
export function dropInvalidBesideValid(deps: AppDeps, fieldsOf: (req: Request) => Json | undefined, valid: (field: string, value: unknown) => boolean, answer: 'ok' | 'refused'): AppDeps {
  return interceptParsed(deps, (req, res, next) => {
    const fields = req.method === 'PATCH' ? fieldsOf(req) : undefined;
    const names = fields ? Object.keys(fields) : [];
    const dropped = names.filter((name) => !valid(name, fields?.[name]));
    if (!fields || dropped.length === 0 || dropped.length === names.length) return next();
    for (const name of dropped) delete fields[name];
    if (answer === 'refused') {
      const json = res.json.bind(res);
      res.json = () => {
        res.statusCode = 422;
        return json({ status: 422, error: `Ungültiger Wert für Feld ${dropped[0]}.`, details: { type: 'validation', field: dropped[0] } });
      };
    }
    next();
  });
}
