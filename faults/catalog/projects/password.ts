import type { AppDeps } from '../../../reference-server/src/app.js';
import { errors } from '../../../reference-server/src/http/api-error.js';
import { currentCustomer } from '../../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../../reference-server/seams/json-shapes.js';
import { isPassword } from '../../../reference-server/seams/paths.js';
import { rewriteJson, rewriteStatus } from '../../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../../fault.js';
import { answerOk, refuse } from './support.js';

/** Project faults of PUT /reports/{projectKey}/password. */

/** After a password change the customer's API token stops working (the token was changed, not the portal password). */
function passwordRotatesToken(deps: AppDeps): AppDeps {
  const rotated = new Set<number>();
  return interceptParsed(deps, (req, res, next) => {
    const customerId = currentCustomer(res).id;
    if (rotated.has(customerId)) {
      res.status(401).json({ status: 401, error: 'Token ungültig.', details: { type: 'authentication' } });
      return;
    }
    if (isPassword(req)) res.on('finish', () => res.statusCode === 200 && rotated.add(customerId));
    next();
  });
}

export const projectPasswordFaults: Fault[] = [
  {
    id: 'projcov-password-answers-202',
    description: 'PUT .../password answers HTTP 202 instead of 200',
    rules: ['PROJ-107'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isPassword(req) && status === 200 ? 202 : status))),
  },
  {
    id: 'proj-password-11-accepted',
    description: 'PUT .../password accepts 11 characters (padded to 12)',
    rules: ['PROJ-109'],
    passive: { alsoBreaks: { 'ERR-18': 'a password of 11 characters is an invalid value, answered 200' } },
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isPassword(req) && isPlainObject(req.body) && typeof req.body.newPassword === 'string' && [...req.body.newPassword].length === 11) {
          req.body.newPassword = `${req.body.newPassword}!`;
        }
        next();
      }),
  },
  {
    id: 'projcov-password-256-refused',
    description: 'a password of exactly 256 characters answers 422 (the limit is taken as 255)',
    rules: ['PROJ-108'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const body = req.body as unknown;
        if (isPassword(req) && isPlainObject(body) && typeof body.newPassword === 'string' && body.newPassword.length === 256) return refuse(res, 'newPassword');
        next();
      }),
  },
  {
    id: 'projcov-password-cut-to-256',
    description: 'a password longer than 256 characters is cut to 256 and accepted',
    rules: ['PROJ-110'],
    passive: { alsoBreaks: { 'ERR-18': 'a password longer than 256 characters is an invalid value, answered 200' } },
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        const body = req.body as unknown;
        if (isPassword(req) && isPlainObject(body) && typeof body.newPassword === 'string') body.newPassword = body.newPassword.slice(0, 256);
        next();
      }),
  },
  {
    id: 'projcov-password-missing-accepted',
    description: 'PUT .../password without `newPassword` answers 200',
    rules: ['PROJ-111'],
    configure: answerOk(200, (req) => isPassword(req) && isPlainObject(req.body) && !('newPassword' in req.body)),
  },
  {
    id: 'projcov-password-non-string-accepted',
    description: 'PUT .../password with a `newPassword` that is not a string answers 200',
    rules: ['PROJ-112'],
    passive: { alsoBreaks: { 'ERR-17': 'a `newPassword` that is not a string is a value of the wrong type, answered 200' } },
    configure: answerOk(200, (req) => isPassword(req) && isPlainObject(req.body) && 'newPassword' in req.body && typeof req.body.newPassword !== 'string'),
  },
  {
    id: 'proj-password-extra-field-ignored',
    description: 'PUT .../password ignores fields besides newPassword',
    rules: ['PROJ-113'],
    passive: { alsoBreaks: { 'ERR-16': 'a field beside `newPassword` is an unknown field, answered 200' } },
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isPassword(req) && isPlainObject(req.body) && 'newPassword' in req.body) req.body = { newPassword: req.body.newPassword };
        next();
      }),
  },
  {
    id: 'proj-password-echoed',
    description: 'the password change response echoes the new password',
    rules: ['PROJ-115'],
    configure: (deps) =>
      interceptParsed(
        deps,
        rewriteJson((body, req) =>
          isPassword(req) && isPlainObject(body) && body.status === 200 && isPlainObject(req.body) ? { ...body, newPassword: req.body.newPassword } : body,
        ),
      ),
  },
  { id: 'projcov-password-rotates-token', description: 'a password change invalidates the API token of the customer', rules: ['PROJ-114'], configure: passwordRotatesToken },
  {
    id: 'expired-license-no-password',
    description: 'PUT .../password needs an active license: the unlocked customer with an expired license gets 403',
    rules: ['PROJ-122'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isPassword(req) && currentCustomer(res).license === 'expired') throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
        next();
      }),
  },
];
