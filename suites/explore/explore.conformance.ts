/**
 * Stateful exploration: random sequences of every write and read of the API, each answer compared
 * with the model of the customer's state (model.ts), failures shrunk to a shortest sequence and
 * given with a replay script. Finds what lives between requests: a status that regresses after a
 * later write, a field lost after an unrelated change, the n-th room answered differently, a
 * second token that sees an older state.
 *
 * The sequences run in lanes, each lane a check on its own leased pool customer (another one plays
 * the customer that must find nothing), so they go side by side, each within its customer's limit.
 */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { exploreLane } from './explore-run.js';
import { EXPLORE_RULES } from './rules.js';
import { exploreSettings, runsOfLane } from './settings.js';

const settings = exploreSettings();

describe('stateful exploration', () => {
  for (let lane = 0; lane < settings.lanes; lane++) {
    const runs = runsOfLane(settings, lane);
    check(
      EXPLORE_RULES,
      `stateful exploration, lane ${lane + 1} of ${settings.lanes}: ${runs} random sequence${runs === 1 ? '' : 's'} of up to ${settings.maxCommands} commands, every answer as the model predicts`,
      // The lane records per rule the comparisons its sequences made (t.judged): a rule none of
      // them compared reads "not exercised", and a lane that compared nothing is skipped.
      (t) => exploreLane(t, settings, lane),
      // EXPLORE_RULES are too many to read in a title: the labels and the summary carry them.
      { writes: true, timeout: (settings.seconds + settings.shrinkSeconds + 60) * 1000, titleWithoutRules: true, judgesOnlyRecorded: true },
    );
  }
});
