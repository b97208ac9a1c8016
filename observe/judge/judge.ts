import type { EndpointId } from '../../spec/endpoints.js';
import type { ExchangeView } from './exchange-view.js';
import type { HandedOutLinks } from './handed-out-links.js';
import type { Ledger } from './ledger.js';
import type { SharedState } from './shared-state.js';

/**
 * A judge of some rules: it sees every exchange of an observation in order and records in the
 * ledger each judgement it makes, holding or broken. A judge of a sequence or the timeline keeps
 * what it needs of earlier exchanges, bounded, since a proxy may observe for days.
 */
export interface Judge {
  /** The rules it judges; each is classified `exchange`, `sequence` or `timeline` in spec/rules/passive.ts. */
  readonly rules: readonly string[];
  /** The exchanges `see` gets; absent, every one. */
  readonly reads?: Reads;
  see(x: ExchangeView, ledger: Ledger): void;
  /**
   * An exchange that `reads` leaves out began at `sentAt`: a judge whose judgements wait until the
   * recording has passed a moment (a settling clock, a quiet window) moves its clock here exactly as
   * `see` would at that exchange, and does nothing else. Called in the judges' order, where `see`
   * would have been; a judge without it is not told of the exchanges it does not read.
   */
  tick?(sentAt: number, ledger: Ledger): void;
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

/**
 * The exchanges a judge reads, told apart by what the observer works out of every exchange once:
 * the endpoint row it matches (`ExchangeView.endpoint`) and whether it was refused for the limit.
 * Most judges have business with a few rows, and an observation holds thousands of exchanges of
 * each row: handing a judge only its own spares the rest the calls and the checks that would turn
 * them away. A judge declares every exchange its `see` does anything with, remembering and
 * forgetting included; the others must leave it as it was.
 */
export interface Reads {
  /** The rows' ids (spec/endpoints.ts) whose exchanges it reads: a misspelt id does not compile, so it cannot leave a judge without its exchanges. */
  readonly endpoints: readonly EndpointId[];
  /** Also the exchanges of no row: outside the API, a path or a method the table lacks, OPTIONS. */
  readonly unmatched?: true;
  /** Also answers 429 (most rules are not judged on a request the limit refused). */
  readonly tooManyRequests?: true;
}

/**
 * What a judge reads whose state learns from the rows `learning` besides its own `endpoints`: both,
 * every exchange of no row (a method or a path the table lacks may write) and answers 429 (a write
 * refused for the limit is noted too).
 */
export function readsLearning(learning: readonly EndpointId[], endpoints: readonly EndpointId[]): Reads {
  return { endpoints: [...new Set([...learning, ...endpoints])], unmatched: true, tooManyRequests: true };
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

/**
 * What the judges of one observation are given: what was declared, and what they share. A judge
 * takes what it shares (`links`, `shared`) as it is made, never later: the observer learns from
 * those asks which judges must take their turns at each exchange together (judge-groups.ts).
 */
export interface JudgeContext extends JudgeOptions {
  /**
   * The links the answers so far handed out, which several judges tell apart from requests of
   * the API: the observer notes each exchange's after every judge that reads them has seen it.
   */
  readonly links: HandedOutLinks;
  /**
   * The observation's one instance of `state`, made on the first ask: what several judges would
   * each keep alike of the same exchanges is kept once (two observations never share one).
   */
  shared<T>(state: SharedState<T>): T;
}

/** A judge made anew for every observation, its state its own but for what the context shares. */
export type JudgeFactory = (context: JudgeContext) => Judge;
