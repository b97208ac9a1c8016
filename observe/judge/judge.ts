import type { ExchangeView } from './exchange-view.js';
import type { Ledger } from './ledger.js';

/**
 * A judge of some rules: it sees every exchange of an observation in order and records in the
 * ledger each judgement it makes, holding or broken. A judge of a sequence or the timeline keeps
 * what it needs of earlier exchanges, bounded, since a proxy may observe for days.
 */
export interface Judge {
  /** The rules it judges; each is classified `exchange`, `sequence` or `timeline` in spec/rules/passive.ts. */
  readonly rules: readonly string[];
  see(x: ExchangeView, ledger: Ledger): void;
  /**
   * A request sent whose answer is unknown (`proxyFailure` or `unanswered` set: the response is
   * not the target's): `see` never gets one, since no rule of an answer can be judged on it, but
   * the target may have counted it (the rate limit's timeline). Its `seq` is that of the next
   * exchange `see` gets.
   */
  seeUnanswered?(x: ExchangeView, ledger: Ledger): void;
  /** After the last exchange: what a judge of the timeline decides only with the whole of it. */
  end?(ledger: Ledger): void;
}

/** What the one who observes knows of the traffic and the recording cannot show. */
export interface JudgeOptions {
  /**
   * Every customer in the traffic has one token (a load simulator's population, an operator's
   * clients each with its own customer): the rate limit is judged per token. Without it, tokens of
   * one customer share its limit (RATE-6) and a refusal is weighed against every token's requests.
   */
  oneTokenPerCustomer?: boolean;
}

/** A judge made anew for every observation, its state its own. */
export type JudgeFactory = (options?: JudgeOptions) => Judge;
