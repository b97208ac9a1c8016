import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Ledger } from '../../judge/ledger.js';
import { readBackJudgeable, showsSent } from './room-values.js';
import { describeValue, type InputField, type RoomWrite } from './write-body.js';

/**
 * The rule of each input field, which a creation answer shows taken over: the kit's own checks
 * read a value "accepted" back in its output form under the field's rule.
 */
const FIELD_RULES: Readonly<Record<InputField, string>> = {
  raumBezeichnung: 'ROOM-18',
  raumEtage: 'ROOM-19',
  raumFlaeche: 'ROOM-22',
  raumHoehe: 'ROOM-25',
  raumTemperatur: 'ROOM-28',
  raumNotiz: 'ROOM-32',
};

/** The valid values a creation sent, in the room its answer shows (a new room: no other write can have changed it yet). */
export function judgeCreationValues(x: ExchangeView, ledger: Ledger, write: RoomWrite, answered: Record<string, unknown>): void {
  for (const [field, sent] of write.sent) {
    // Empty at creation may read as "not sent" and take the default: not shown.
    if (sent.kind === 'empty' || !readBackJudgeable(sent) || !(field in answered)) continue;
    const value = answered[field];
    ledger.judge(FIELD_RULES[field], x, showsSent(value, sent), () => `a room created with ${field} ${describeValue(write.roomData?.[field])} has ${field} ${describeValue(value)}`);
  }
}
