import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { observeAll, type Observation } from '../../observe/judge/observer.js';
import { JUDGES } from '../../observe/judges/index.js';

/** What the passive judge makes of a run's recording, with what it could not read. */
export interface PassiveJudgement {
  file: string;
  observation: Observation;
  /** Records of the log left unread (too long, or not valid). */
  skipped: number;
}

/**
 * Every judge of `observe --log FILE --one-token-per-customer` over the recording, as that command
 * would judge it: each customer of a simulated population has one token, so a refusal amid other
 * customers' traffic can be proven wrong as the simulator proves it.
 */
export async function judgeRecording(file: string): Promise<PassiveJudgement> {
  const reading = readExchangeLog([file]);
  const observation = await observeAll(reading.exchanges, JUDGES, { oneTokenPerCustomer: true });
  const skipped = reading.summaries.reduce((n, s) => n + s.skipped.oversize + s.skipped.invalid, 0);
  return { file, observation, skipped };
}
