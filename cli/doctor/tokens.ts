import type { CustomerRole } from '../../spec/profile.schema.js';
import { customersOf, type DoctorContext } from './context.js';
import { ok, skip, unlessBusy, wrong, type Finding } from './findings.js';

/** Expected answer of GET /reports per role, from the spec's license rules. */
export const EXPECTED: Record<CustomerRole, number> = {
  primary: 200,
  foreign: 200,
  expiredUnlocked: 200,
  locked: 403,
  blocked: 401,
  noHeatpumpRight: 200,
  education: 200,
};

const ROLE_FIX: Record<CustomerRole, string> = {
  primary: 'a token of a customer with an active annual license and the heat-pump right',
  foreign: 'a token of a second customer with an active license',
  expiredUnlocked: 'a token of an unlocked customer whose annual license has expired',
  locked: 'a token of a customer without license or locked',
  blocked: 'a token of a blocked customer',
  noHeatpumpRight: 'a token of a customer with an active license but without the heat-pump right',
  education: 'a token of a customer with an active education license',
};

/** Every token of every customer of the profile answers GET /reports as its role says. */
export async function tokenFindings(ctx: DoctorContext): Promise<Finding[]> {
  const checks: Promise<Finding>[] = [];
  for (const role of Object.keys(EXPECTED) as CustomerRole[]) {
    if (!ctx.profile.customers[role]) checks.push(Promise.resolve(skip(`customers.${role}`, 'not in the profile (its checks will be skipped)')));
  }
  for (const [path, customer] of customersOf(ctx.profile)) {
    // webhook.customer without tokens of its own is the primary customer, checked as such.
    if (path === 'webhook.customer' && !ctx.profile.webhook?.customer) continue;
    const role = path.startsWith('customers.') && !path.startsWith('customers.pool') ? (path.slice('customers.'.length) as CustomerRole) : undefined;
    const expected = role ? EXPECTED[role] : 200;
    const fix = role ? ROLE_FIX[role] : path.startsWith('customers.pool') ? 'a token of an extra customer with an active license' : 'a token of the customer whose pro area has the webhook target (active license and heat-pump right)';
    customer.tokens.forEach((_, i) => {
      const who = ctx.withToken(path, i);
      if (!who) return;
      const what = `${path}.tokens[${i}]`;
      checks.push(
        ctx.reader.get(who.customer, who.token, '/reports').then((answer) =>
          unlessBusy(what, 'GET /reports', answer, () =>
            answer.status === expected
              ? ok(what, `GET /reports answered ${answer.status}`)
              : wrong(what, `GET /reports answered ${answer.status}, expected ${expected} for this role`, fix),
          ),
        ),
      );
    });
  }
  return Promise.all(checks);
}
