/**
 * The portal and the back office change projects, rooms and applications outside the observed
 * traffic: a judge of a sequence compares two exchanges only when the later one started within this
 * long after the earlier one's answer, and blames nothing on a longer gap.
 */
export const SEQUENCE_HORIZON_MS = 60_000;

/** Whether `later` started after `earlier` was answered (so the target had decided on `earlier`) and within the horizon. */
export function followsClosely(earlier: { answeredAt: number }, later: { sentAt: number }): boolean {
  const gap = later.sentAt - earlier.answeredAt;
  return gap >= 0 && gap <= SEQUENCE_HORIZON_MS;
}
