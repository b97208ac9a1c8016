import type { ObservedExchange } from '../exchange.js';
import type { Observation, ObserverOptions } from '../judge/observer.js';

/** What the judging thread is started with. */
export interface JudgingThreadData {
  entry: string;
  observer: ObserverOptions;
  /** Where the thread also writes every exchange as an exchange log, and the tool named in its header. */
  record?: { file: string; recordedBy: string };
  /** Shared counter of the exchanges the thread is done with (index 0), for the sender's backlog. */
  done: SharedArrayBuffer;
}

/** To the judging thread, in the order sent. */
export type ToJudgingThread =
  | { kind: 'exchanges'; exchanges: ObservedExchange[] }
  | { kind: 'verdicts'; id: number; final: boolean }
  | { kind: 'close'; id: number };

/** From the judging thread. */
export type FromJudgingThread =
  | { kind: 'verdicts'; id: number; observation: Observation }
  | { kind: 'closed'; id: number; error?: string }
  | { kind: 'complaint'; message: string };
