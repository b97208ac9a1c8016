/**
 * How the lanes of the probes share the target. On a target that answers in a millisecond,
 * requests of many lanes sent together would queue at the target behind each other and add that
 * wait to one arm or the other, noise that only coarsens the resolution: the requests take turns,
 * one in flight at a time, so the probes never queue the target themselves. A target far away
 * (tens of milliseconds on the way) would then cap the probes' pace, so as many requests may be in
 * flight as the lanes' pace keeps on the way (Little's law: 2 requests per second per lane times
 * the answer time, twice over), learnt from the answers so far. A turn is taken after the pacer's
 * grant, so the pacing is unchanged.
 *
 * The lanes start at once: their first requests queue for turns, and each lane then keeps the
 * place in the second its first answer gave it (its customer's next grant comes a second after
 * that answer), so the lanes spread themselves over the time the target takes to answer them all.
 * Spread further at their start (over a whole second), the lanes would gain nothing: a probe's
 * first look waits for its latest lane's pairs, and every lane resumes together after it.
 */
/** A lane's pace: its customer's 2 requests per second. */
const REQUESTS_PER_LANE_SECOND = 2;

export class RequestTurns {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private answerMs = 0;
  private lanes = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  startLane(): void {
    this.lanes++;
  }

  endLane(): void {
    this.lanes--;
  }

  /** Requests that may be in flight at once. */
  limit(): number {
    return Math.max(1, Math.ceil(2 * this.lanes * REQUESTS_PER_LANE_SECOND * (this.answerMs / 1000)));
  }

  /** Waits for a turn; the function it returns ends the turn once the answer is read. */
  take = async (): Promise<() => void> => {
    while (this.inFlight >= this.limit()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    const sentAt = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const ms = this.now() - sentAt;
      // A moving average: it follows the target's answer time within a few dozen answers.
      this.answerMs = this.answerMs === 0 ? ms : 0.9 * this.answerMs + 0.1 * ms;
      this.inFlight--;
      for (const wake of this.waiting.splice(0)) wake();
    };
  };
}
