/**
 * The times of an exchange as recorded: its start, its answer, and the unit of the start's stamp
 * where coarser than a millisecond (`ObservedExchange.startUnitMs`, which `ExchangeView` gives).
 */
interface Recorded {
  sentAt: number;
  answeredAt: number;
  startUnitMs?: number | undefined;
}

/**
 * How far the recorded times of `x` may lie from the moments they name: the unit of its start's
 * stamp, where the recorder wrote it coarser than a millisecond (a second where it left out the
 * fraction, cut or rounded), none else: no judgement may rest on an order the recording does not
 * show. The answer's time is the start and a duration, so it lies as far off.
 */
export function stampSlack(x: Pick<Recorded, 'startUnitMs'>): number {
  return x.startUnitMs ?? 0;
}

/** The earliest moment `x` may have been sent. */
export function earliestSend(x: Recorded): number {
  return x.sentAt - stampSlack(x);
}

/** The earliest moment `x` may have been answered. */
export function earliestAnswer(x: Recorded): number {
  return x.answeredAt - stampSlack(x);
}

/** The latest moment `x` may have been answered. */
export function latestAnswer(x: Recorded): number {
  return x.answeredAt + stampSlack(x);
}
