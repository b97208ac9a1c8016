import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { latestAnswer } from '../../judge/recorded-times.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { PASSWORD_LENGTH } from '../../../spec/contract/projects.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { PASSWORD_ROW } from './project-rows.js';

/** Passwords looked for: refused ones too (up to four times the limit), never shorter than the minimum. */
const LONGEST_PASSWORD = 4 * PASSWORD_LENGTH.max;

const mayBePassword = (s: string) => s.length >= PASSWORD_LENGTH.min && s.length <= LONGEST_PASSWORD;

/** The strings of a JSON value, at any depth, that may be passwords. */
function passwordLikeStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (mayBePassword(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const member of value) passwordLikeStrings(member, into);
  } else if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value)) passwordLikeStrings(member, into);
  }
  return into;
}

/** The password a PUT .../password sent; shorter ones could turn up in an answer by chance. */
function passwordOf(x: ExchangeView): string | undefined {
  if (x.endpoint?.id !== PASSWORD_ROW) return undefined;
  const password = (x.requestJson as { newPassword?: unknown } | undefined)?.newPassword;
  return typeof password === 'string' && mayBePassword(password) ? password : undefined;
}

/** A password sent, as an answer could show it, and where it was sent. */
interface Sent {
  password: string;
  /** As a JSON string holds it, where that differs. */
  escaped?: string;
  x: ExchangeView;
}

function sent(password: string, x: ExchangeView): Sent {
  const escaped = JSON.stringify(password).slice(1, -1);
  return escaped === password ? { password, x } : { password, escaped, x };
}

/** Where an answer could show a password: its body, as sent or JSON-escaped, and its header values. */
function shows(x: ExchangeView, { password, escaped }: Sent): boolean {
  const body = x.exchange.response.bodyText ?? '';
  return body.includes(password) || (escaped !== undefined && body.includes(escaped)) || x.exchange.response.headers.some((h) => h.value.includes(password));
}

/**
 * The password change: "changes the portal password of the project, not the API token" (PROJ-114:
 * the token's next request after a successful change is no 401, where the token's answer before
 * the change was no 401 either) and `newPassword` is "write only"
 * (PROJ-115: no later answer to the customer shows a password it sent). A password the customer
 * also sends as data is left out: an answer may show that data.
 */
export function passwordSequenceJudge(): Judge {
  const changed = new BoundedMap<string, ExchangeView>(2000, SEQUENCE_HORIZON_MS);
  /** Each token's latest protected answer decided on its merits, before the exchange at hand, and when it may have come at the latest (recorded-times.ts). */
  const lastAnswer = new BoundedMap<string, { status: number; answeredAt: number }>(2000, SEQUENCE_HORIZON_MS);
  const passwords = new BoundedMap<string, BoundedMap<string, Sent>>(2000);
  /** Strings the customer sent in other requests (as long as a password may be), recently. */
  const sentAsData = new BoundedMap<string, BoundedMap<string, true>>(2000);

  return {
    rules: ['PROJ-114', 'PROJ-115'],
    see(x, ledger) {
      const customer = x.customer;
      if (customer === undefined) return;

      // Most tokens never change a password: the maps of those that did are mostly empty, and a lookup there is spared.
      const change = changed.size === 0 ? undefined : changed.get(customer);
      if (change && x.isProtected && followsClosely(change, x) && answeredOnItsMerits(x)) {
        changed.delete(customer);
        // "PUT .../password changes the portal password of the project, not the API token."
        ledger.judge('PROJ-114', x, x.status !== 401, () => `the token's next request after a password change (${change.apiPath}) answered 401`, [change]);
      }

      const password = passwordOf(x);
      let known = passwords.size === 0 ? undefined : passwords.get(customer);
      if (password === undefined) {
        const text = x.exchange.request.bodyText ?? '';
        // A request without a body text has no JSON, and so no strings: most are reads.
        if (text !== '') {
          const strings = passwordLikeStrings(x.requestJson);
          if (strings.length > 0) {
            const data = sentAsData.upsert(customer, () => new BoundedMap(500));
            for (const s of strings) data.set(s, true);
          }
          if (known !== undefined) for (const { password: p } of [...known.values()]) if (text.includes(p)) known.delete(p);
        }
      } else if (sentAsData.get(customer)?.get(password) === undefined) {
        known ??= passwords.upsert(customer, () => new BoundedMap(50));
        known.set(password, sent(password, x));
      }
      // A token refused just before (blocked, revoked) tells nothing by a 401 after the change.
      const before = lastAnswer.get(customer);
      if (password !== undefined && x.status === 200 && before && before.status !== 401 && followsClosely(before, x)) changed.set(customer, x, x.answeredAt);
      if (x.isProtected && answeredOnItsMerits(x)) {
        // The token's entry is rewritten at nearly every exchange of it: renewed in place, as `before` is not read after this.
        const last = before ?? { status: x.status, answeredAt: 0 };
        last.status = x.status;
        last.answeredAt = latestAnswer(x);
        lastAnswer.set(customer, last, x.answeredAt);
      }

      if (known === undefined || known.size === 0 || x.apiPath === undefined || !x.responseBodyRecorded) return;
      let shown: Sent | undefined;
      for (const candidate of known.values()) {
        if (!shows(x, candidate)) continue;
        shown = candidate;
        break;
      }
      // "`newPassword` ... write only"
      ledger.judge('PROJ-115', x, shown === undefined, () => `${x.method} ${x.apiPath} answered with a password sent to ${shown?.x.apiPath}`, shown && shown.x !== x ? [shown.x] : []);
    },
  };
}
