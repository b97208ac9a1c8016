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
 * Each lane's first request is offset within the second by the golden ratio over the lanes
 * started so far: the lanes of all probes, each paced at its customer's 2 requests per second,
 * then stay spread over the second instead of reaching the target together.
 */
const GOLDEN = (Math.sqrt(5) - 1) / 2;
/** A lane's pace: its customer's 2 requests per second. */
const REQUESTS_PER_LANE_SECOND = 2;

export class RequestTurns {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private answerMs = 0;
  private lanes = 0;
  private started = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A lane begins: the offset (ms) its first request waits. */
  startLane(): number {
    this.lanes++;
    return ((this.started++ * GOLDEN) % 1) * 1000;
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
