import { earliestAnswer, earliestSend, latestAnswer, latestSend, type RecordedAnswer, type RecordedSend } from './recorded-times.js';

/**
 * The portal and the back office change projects, rooms and applications outside the observed
 * traffic: a judge of a sequence compares two exchanges only when the later one started within this
 * long after the earlier one's answer, and blames nothing on a longer gap.
 */
export const SEQUENCE_HORIZON_MS = 60_000;

/**
 * Whether `later` started after `earlier` was answered for certain (so the target had decided on
 * `earlier`; a start stamped coarser than a millisecond may lie its unit off, recorded-times.ts),
 * and within the horizon: what a judgement of `later` by `earlier` rests on.
 */
export function followsClosely(earlier: RecordedAnswer, later: RecordedSend): boolean {
  return latestAnswer(earlier) <= earliestSend(later) && later.sentAt - earlier.answeredAt <= SEQUENCE_HORIZON_MS;
}

/**
 * Whether `later` may have started after `earlier` was answered, within the horizon: what an excuse
 * rests on (to the millisecond, the same as `followsClosely`).
 */
export function mayFollowClosely(earlier: RecordedAnswer, later: RecordedSend): boolean {
  return earliestAnswer(earlier) <= latestSend(later) && later.sentAt - earlier.answeredAt <= SEQUENCE_HORIZON_MS;
}
