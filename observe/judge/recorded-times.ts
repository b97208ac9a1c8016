/**
 * What a judgement reads of an exchange's times as recorded: its start or its answer, and the unit
 * of the start's stamp where coarser than a millisecond (`ObservedExchange.startUnitMs`, which
 * `ExchangeView` gives). A record that keeps only a moment worked out already keeps no unit.
 */
interface StampUnit {
  startUnitMs?: number | undefined;
}
export interface RecordedSend extends StampUnit {
  sentAt: number;
}
export interface RecordedAnswer extends StampUnit {
  answeredAt: number;
}

/**
 * How far the recorded times of `x` may lie from the moments they name: the unit of its start's
 * stamp, where the recorder wrote it coarser than a millisecond (a second where it left out the
 * fraction, cut or rounded), none else: no judgement may rest on an order the recording does not
 * show. The answer's time is the start and a duration, so it lies as far off.
 */
export function stampSlack(x: StampUnit): number {
  return x.startUnitMs ?? 0;
}

/** The earliest moment `x` may have been sent. */
export function earliestSend(x: RecordedSend): number {
  return x.sentAt - stampSlack(x);
}

/** The latest moment `x` may have been sent. */
export function latestSend(x: RecordedSend): number {
  return x.sentAt + stampSlack(x);
}

/** The earliest moment `x` may have been answered. */
export function earliestAnswer(x: RecordedAnswer): number {
  return x.answeredAt - stampSlack(x);
}

/** The latest moment `x` may have been answered. */
export function latestAnswer(x: RecordedAnswer): number {
  return x.answeredAt + stampSlack(x);
}
