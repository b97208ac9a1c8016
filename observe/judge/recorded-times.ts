/** A second: how far a start given without a fraction of a second may lie from the moment it names. */
const WHOLE_SECOND_MS = 1000;

/**
 * How far a recorded time may lie from the moment it names, for an exchange whose start is
 * `startedAt`: a second where the start falls on a whole second (HAR 1.2 writes "ss.s", but a
 * recorder may leave the fraction out, cut or rounded), none else. A recorder of milliseconds stamps
 * a whole second once in a thousand starts, and an order that rests on that exchange is then left
 * undecided: no judgement may rest on an order the recording does not show.
 */
export function wholeSecondSlack(startedAt: number): number {
  return startedAt % WHOLE_SECOND_MS === 0 ? WHOLE_SECOND_MS : 0;
}

/** The times of an exchange as recorded: its start and its answer. */
interface Recorded {
  sentAt: number;
  answeredAt: number;
}

/** The earliest moment `x` may have been sent. */
export function earliestSend(x: Recorded): number {
  return x.sentAt - wholeSecondSlack(x.sentAt);
}

/** The earliest moment `x` may have been answered. */
export function earliestAnswer(x: Recorded): number {
  return x.answeredAt - wholeSecondSlack(x.sentAt);
}

/** The latest moment `x` may have been answered. */
export function latestAnswer(x: Recorded): number {
  return x.answeredAt + wholeSecondSlack(x.sentAt);
}
