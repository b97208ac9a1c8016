import type { ExchangeView } from '../../judge/exchange-view.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';

/** A write awaiting "the next read" of its project (lowercase key). */
export interface AwaitingRead {
  x: ExchangeView;
  key: string;
}

/**
 * A customer's writes awaiting their read, at a read of the project `key`: "the next read" judges
 * each write of that project answered before it started (`next`); a write past the horizon is
 * forgotten (`forgotten` hears of it); the others are `kept`, the very array given when every
 * write stays, as at most reads (nothing new to write back, nothing made).
 */
export function atNextRead<W extends AwaitingRead>(waiting: W[], read: ExchangeView, key: string, forgotten?: (w: W) => void): { kept: W[]; next: W[] | undefined } {
  let next: W[] | undefined;
  let kept = waiting;
  for (let i = 0; i < waiting.length; i++) {
    const w = waiting[i] as W;
    const judged = w.key === key && followsClosely(w.x, read);
    if (!judged && read.sentAt - w.x.answeredAt <= SEQUENCE_HORIZON_MS) {
      if (kept !== waiting) kept.push(w);
      continue;
    }
    if (kept === waiting) kept = waiting.slice(0, i);
    if (judged) (next ??= []).push(w);
    else forgotten?.(w);
  }
  return { kept, next };
}
