import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { followsClosely } from '../../judge/sequence-horizon.js';
import { PASSWORD_LENGTH } from '../../../spec/contract/projects.js';
import { answeredOnItsMerits } from '../answer-kinds.js';

/** Strings of a JSON value at any depth. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Passwords looked for: refused ones too (up to four times the limit), never shorter than the minimum. */
const LONGEST_PASSWORD = 4 * PASSWORD_LENGTH.max;

/** The password a PUT .../password sent; shorter ones could turn up in an answer by chance. */
function passwordOf(x: ExchangeView): string | undefined {
  if (x.endpoint?.id !== 'reports.password') return undefined;
  const password = (x.requestJson as { newPassword?: unknown } | undefined)?.newPassword;
  return typeof password === 'string' && password.length >= PASSWORD_LENGTH.min && password.length <= LONGEST_PASSWORD ? password : undefined;
}

/** Where an answer could show a password: its body, as sent or JSON-escaped, and its header values. */
function shows(x: ExchangeView, password: string): boolean {
  const body = x.exchange.response.bodyText ?? '';
  const escaped = JSON.stringify(password).slice(1, -1);
  return body.includes(password) || body.includes(escaped) || x.exchange.response.headers.some((h) => h.value.includes(password));
}

/**
 * The password change: "changes the portal password of the project, not the API token" (PROJ-114:
 * the token's next request after a successful change is no 401, where the token's answer before
 * the change was no 401 either) and `newPassword` is "write only"
 * (PROJ-115: no later answer to the customer shows a password it sent). A password the customer
 * also sends as data is left out: an answer may show that data.
 */
export function passwordSequenceJudge(): Judge {
  const changed = new BoundedMap<string, ExchangeView>(2000);
  /** Each token's latest protected answer decided on its merits, before the exchange at hand. */
  const lastAnswer = new BoundedMap<string, ExchangeView>(2000);
  const passwords = new BoundedMap<string, BoundedMap<string, { password: string; x: ExchangeView }>>(2000);
  /** Strings the customer sent in other requests (as long as a password may be), recently. */
  const sentAsData = new BoundedMap<string, BoundedMap<string, true>>(2000);

  return {
    rules: ['PROJ-114', 'PROJ-115'],
    see(x, ledger) {
      const customer = x.customer;
      if (customer === undefined) return;

      const change = changed.get(customer);
      if (change && x.isProtected && followsClosely(change, x) && answeredOnItsMerits(x)) {
        changed.delete(customer);
        // "PUT .../password changes the portal password of the project, not the API token."
        ledger.judge('PROJ-114', x, x.status !== 401, () => `the token's next request after a password change (${change.apiPath}) answered 401`, [change]);
      }

      const password = passwordOf(x);
      const known = passwords.upsert(customer, () => new BoundedMap(50));
      const data = sentAsData.upsert(customer, () => new BoundedMap(500));
      if (password === undefined) {
        for (const s of stringsOf(x.requestJson)) if (s.length >= PASSWORD_LENGTH.min && s.length <= LONGEST_PASSWORD) data.set(s, true);
        const text = x.exchange.request.bodyText ?? '';
        for (const { password: p } of [...known.values()]) if (text.includes(p)) known.delete(p);
      } else if (data.get(password) === undefined) {
        known.set(password, { password, x });
      }
      // A token refused just before (blocked, revoked) tells nothing by a 401 after the change.
      const before = lastAnswer.get(customer);
      if (password !== undefined && x.status === 200 && before && before.status !== 401 && followsClosely(before, x)) changed.set(customer, x);
      if (x.isProtected && answeredOnItsMerits(x)) lastAnswer.set(customer, x);

      if (known.size === 0 || x.apiPath === undefined || !x.responseBodyRecorded) return;
      const shown = [...known.values()].find((p) => shows(x, p.password));
      // "`newPassword` ... write only"
      ledger.judge('PROJ-115', x, shown === undefined, () => `${x.method} ${x.apiPath} answered with a password sent to ${shown?.x.apiPath}`, shown && shown.x !== x ? [shown.x] : []);
    },
  };
}
