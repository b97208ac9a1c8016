import type { Customer } from '../store/customers.js';

/**
 * License rules of the spec: reading and capturing own data needs an active license or an
 * expired one of an unlocked customer; creating projects needs an active annual or education
 * license. Blocked customers never get here (401 at authentication).
 */
export function canUseOwnData(c: Customer): boolean {
  return c.license === 'annual' || c.license === 'education' || (c.license === 'expired' && c.unlocked);
}

export function canCreateProjects(c: Customer): boolean {
  return c.license === 'annual' || c.license === 'education';
}
