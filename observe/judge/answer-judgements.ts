import { answerFact, type ExchangeView } from './exchange-view.js';
import type { Ledger } from './ledger.js';

/** The judgements a judge of answers makes: the ledger's, without proof of other exchanges. */
export type AnswerVerdicts = Pick<Ledger, 'held' | 'broke' | 'judge' | 'judgeOf'>;

/** One judgement of an answer: its rule, whether the rule held, and what broke it. */
interface Judged {
  readonly rule: string;
  readonly ok: boolean;
  readonly message: (() => string) | undefined;
}

/** Notes every judgement made of one exchange, to be entered in the ledger for each exchange that got the same answer. */
class Recorder implements AnswerVerdicts {
  readonly judged: Judged[] = [];

  held(rule: string): void {
    this.judged.push({ rule, ok: true, message: undefined });
  }

  broke(rule: string, _x: ExchangeView, message: string): void {
    this.judged.push({ rule, ok: false, message: () => message });
  }

  judge(rule: string, _x: ExchangeView, ok: boolean, message: () => string): void {
    this.judged.push({ rule, ok, message: ok ? undefined : message });
  }

  judgeOf<T>(rule: string, x: ExchangeView, ok: boolean, problem: (x: ExchangeView, of: T) => string, of: T): void {
    this.judged.push({ rule, ok, message: ok ? undefined : () => problem(x, of) });
  }
}

/**
 * A judge's `see` whose judgements `judgeAnswer` makes from the request line and the answer alone
 * (as an `answerFact` reads them; its messages likewise): made once per answer, and entered in the
 * ledger for every exchange that got it (RepeatedAnswers), each judged as it would have been.
 */
export function judgedPerAnswer(judgeAnswer: (x: ExchangeView, verdicts: AnswerVerdicts) => void): (x: ExchangeView, ledger: Ledger) => void {
  const judgements = answerFact((x) => {
    const recorder = new Recorder();
    judgeAnswer(x, recorder);
    return recorder.judged;
  });
  return (x, ledger) => {
    for (const { rule, ok, message } of x.derived(judgements)) {
      if (ok) ledger.held(rule, x);
      else ledger.judge(rule, x, false, message as () => string);
    }
  };
}
