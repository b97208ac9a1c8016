import { expectedFloorLabels } from '../../../spec/contract/rooms.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { spelledNumber } from './numeric-text.js';
import { tableLabels, type AnsweredRoom } from './room-answer.js';
import type { RoomRoute } from './room-route.js';
import { describeValue } from './write-body.js';

const LABELS = [
  { field: 'raumEtageBezeichnung', rule: 'ROOM-44', of: (l: { bezeichnung: string }) => l.bezeichnung },
  { field: 'raumEtageKuerzel', rule: 'ROOM-45', of: (l: { kuerzel: string }) => l.kuerzel },
] as const;
type Labels = Partial<Record<(typeof LABELS)[number]['field'], unknown>>;

const KEPT = 20_000;

/**
 * The floor labels of every room object against the floor table (ROOM-44, ROOM-45). A wrong label
 * is one rule's: the label a write sent (ROOM-12: "never sent as input", FREE-ROOM-9: refused or
 * not written), shown in the write's answer or the read after it; the label of the floor before, in
 * the answer to a PATCH that changed the floor (ROOM-47: labels lagging behind); else the table's.
 */
export class FloorLabels {
  /** The floor each room last showed. */
  readonly #floors = new BoundedMap<string, number>(KEPT);
  /** Labels a customer's write sent, until the read closely after it. */
  readonly #written = new BoundedMap<string, { x: ExchangeView; labels: Labels }>(KEPT, SEQUENCE_HORIZON_MS);

  judge(x: ExchangeView, ledger: Ledger, route: RoomRoute, room: AnsweredRoom, sent: Record<string, unknown> | undefined): void {
    const data = room.roomData;
    const key = room.name;
    if (!data || key === undefined) return;
    // Only a PATCH that sent the floor needs the floor before: most rooms are of lists, and a lookup in a map of thousands costs.
    const floorSent = route.kind === 'change' && sent !== undefined && 'raumEtage' in sent;
    const previousFloor = floorSent ? this.#floors.get(key) : undefined;
    const floor = spelledNumber(data.raumEtage);
    if (floor !== undefined) this.#floors.set(key, floor);
    const expected = tableLabels(floor);
    const written = this.#writtenLabels(x, key, sent);
    // "derived labels must follow a floor change made with PATCH"
    const changed = floorSent && previousFloor !== undefined && previousFloor !== floor;
    const before = changed ? expectedFloorLabels(String(previousFloor)) : undefined;
    if (!expected) return;
    // The labels the write sent back (ROOM-12) and those of the floor before (ROOM-47), gathered only when wrong: most rooms have none.
    let sentBack: string[] | undefined;
    let lagging: string[] | undefined;
    for (const { field, rule, of } of LABELS) {
      if (!(field in data)) continue;
      const value = data[field];
      if (value === of(expected)) {
        ledger.held(rule, x);
        continue;
      }
      const problem = `floor ${describeValue(data.raumEtage)} has ${field} ${describeValue(value)}, not ${JSON.stringify(of(expected))}`;
      if (written && field in written.labels && value === written.labels[field]) (sentBack ??= []).push(problem);
      else if (before && value === of(before)) (lagging ??= []).push(`${problem} (the labels of the floor before)`);
      else ledger.broke(rule, x, `a room object of ${x.method} ${x.apiPath}: ${problem}`);
    }
    if (written) ledger.judge('ROOM-12', x, sentBack === undefined, () => `${x.method} ${x.apiPath} after ${written.x.method} ${written.x.apiPath} sent floor labels: ${sentBack?.join('; ')}`, written.x === x ? [] : [written.x]);
    if (changed) ledger.judge('ROOM-47', x, lagging === undefined, () => `${x.method} ${x.apiPath} sending raumEtage ${describeValue(sent?.raumEtage)}: ${lagging?.join('; ')}`);
  }

  /** The labels a write sent, for its own answer and for the read that closely follows it by the same customer. */
  #writtenLabels(x: ExchangeView, key: string, sent: Record<string, unknown> | undefined): { x: ExchangeView; labels: Labels } | undefined {
    if (sent && LABELS.some(({ field }) => field in sent)) {
      const written = { x, labels: Object.fromEntries(LABELS.filter(({ field }) => field in sent).map(({ field }) => [field, sent[field]])) };
      this.#written.set(`${x.customer} ${key}`, written, x.answeredAt);
      return written;
    }
    // Clients seldom send labels: most rooms of most answers find none waiting, known without a key.
    if (this.#written.size === 0) return undefined;
    const customerKey = `${x.customer} ${key}`;
    const earlier = this.#written.get(customerKey);
    if (!earlier || earlier.x === x) return undefined;
    this.#written.delete(customerKey);
    return followsClosely(earlier.x, x) ? earlier : undefined;
  }
}
