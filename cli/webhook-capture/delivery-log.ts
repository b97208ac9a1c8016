import type { Answer, Delivery } from '../../harness-core/capture-protocol.js';

/**
 * What a capture records and how it answers, shared by both kinds (the nock capture next to the
 * bundled target, the real HTTP receiver for a foreign one); the control side (control-server.ts)
 * serves it to the checks.
 *
 * Checks run concurrently and each triggers the PDFs of its own projects, so deliveries are told
 * apart by the project key in their body, and an instruction for how to answer ("the next delivery
 * of project K gets a 500") is scoped to its key: it is used up by the first delivery whose body
 * holds K, later ones get the default 200.
 */
export interface SettleRequest {
  key: string;
  /** Wait (at most waitMs) until this many deliveries of the key arrived. */
  expect: number;
  waitMs: number;
  /** Then until nothing of the key arrived or was still being answered for this long. */
  quietMs: number;
}

const OK: Answer = { kind: 'status', status: 200 };

function holds(body: string, key: string): boolean {
  return body.toLowerCase().includes(key.toLowerCase());
}

export class DeliveryLog {
  private readonly recorded: Delivery[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly listeners = new Set<() => void>();

  /** Records a delivery to the webhook target and returns how to answer it (using up the instruction of its key). */
  accept(delivery: Omit<Delivery, 'answer' | 'receivedAt' | 'via'> & { via?: Delivery['via'] }): Answer {
    const via = delivery.via ?? 'target';
    const key = via === 'target' ? [...this.answers.keys()].find((k) => holds(delivery.body, k)) : undefined;
    const answer = key === undefined ? OK : (this.answers.get(key) as Answer);
    if (key !== undefined) this.answers.delete(key);
    const entry: Delivery = { ...delivery, via, receivedAt: Date.now(), answer };
    this.recorded.push(entry);
    for (const notify of this.listeners) notify();
    return answer;
  }

  answerNext(key: string, answer: Answer): void {
    this.answers.set(key.toLowerCase(), answer);
  }

  deliveries(filter: { since?: number; key?: string } = {}): Delivery[] {
    return this.recorded.filter((d) => d.receivedAt >= (filter.since ?? 0) && (filter.key === undefined || holds(d.body, filter.key)));
  }

  /**
   * Resolves with the key's deliveries once `expect` of them arrived (or `waitMs` passed) and then
   * nothing of the key happened for `quietMs` since the call, its last arrival, or the end of a held
   * slow answer, so late duplicates and retries are in the list.
   */
  settled(request: SettleRequest): Promise<Delivery[]> {
    const key = request.key.toLowerCase();
    const calledAt = Date.now();
    const deadline = calledAt + request.waitMs;
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const evaluate = () => {
        clearTimeout(timer);
        const now = Date.now();
        const mine = this.deliveries({ key });
        // A held slow answer counts as activity until it ends.
        const lastActivity = Math.max(calledAt, ...mine.map((d) => d.receivedAt + (d.answer.kind === 'slow' ? d.answer.ms : 0)));
        const count = mine.length;
        const quietAt = lastActivity + request.quietMs;
        const waitingFor = count < request.expect && now < deadline ? deadline : 0;
        const readyAt = Math.max(waitingFor, quietAt);
        if (now >= readyAt) {
          this.listeners.delete(evaluate);
          resolve(this.deliveries({ key }));
          return;
        }
        timer = setTimeout(evaluate, readyAt - now);
      };
      this.listeners.add(evaluate);
      evaluate();
    });
  }
}
