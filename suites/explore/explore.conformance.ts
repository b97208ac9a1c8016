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
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import { exploreLane } from './explore-run.js';
import { exploreSettings, runsOfLane } from './settings.js';

/** Every rule a sequence's comparisons judge (the failure names the one that broke). */
const EXPLORE_RULES = [
  'PROJ-5', 'PROJ-6', 'PROJ-8', 'PROJ-11', 'PROJ-12', 'PROJ-13', 'PROJ-22', 'PROJ-23', 'PROJ-24', 'PROJ-61', 'PROJ-65', 'PROJ-69',
  'PROJ-73', 'PROJ-76', 'PROJ-77', 'PROJ-84', 'PROJ-87', 'PROJ-89', 'PROJ-91', 'PROJ-92', 'PROJ-95', 'PROJ-96', 'PROJ-101', 'PROJ-102',
  'PROJ-103', 'PROJ-107', 'PROJ-109', 'PROJ-110', 'PROJ-111', 'PROJ-112', 'PROJ-113', 'PROJ-114', 'PROJ-115', 'PROJ-119',
  'STAT-1', 'STAT-3', 'STAT-5', 'STAT-6',
  'ROOM-1', 'ROOM-2', 'ROOM-3', 'ROOM-4', 'ROOM-5', 'ROOM-6', 'ROOM-7', 'ROOM-8', 'ROOM-9', 'ROOM-17', 'ROOM-18', 'ROOM-19', 'ROOM-21',
  'ROOM-22', 'ROOM-23', 'ROOM-24', 'ROOM-25', 'ROOM-26', 'ROOM-27', 'ROOM-28', 'ROOM-31', 'ROOM-32', 'ROOM-33', 'ROOM-34', 'ROOM-35', 'ROOM-36', 'ROOM-37',
  'ROOM-38', 'ROOM-43', 'ROOM-44', 'ROOM-45', 'ROOM-47', 'ROOM-49', 'ROOM-52',
  'AUTH-10', 'AUTH-17', 'AUTH-20', 'RES-17', 'ERR-1', 'ERR-10', 'ERR-18', 'META-12',
];

const settings = exploreSettings();

describe('stateful exploration', () => {
  for (let lane = 0; lane < settings.lanes; lane++) {
    const runs = runsOfLane(settings, lane);
    check(
      EXPLORE_RULES,
      `stateful exploration, lane ${lane + 1} of ${settings.lanes}: ${runs} random sequence${runs === 1 ? '' : 's'} of up to ${settings.maxCommands} commands, every answer as the model predicts`,
      async (t) => {
        await exploreLane(t, settings, lane);
        // The model's comparisons happen inside the lane; a lane that sent nothing judged nothing.
        expect(t.exchanges.length, 'the lane must have exchanged requests with the target').toBeGreaterThan(0);
      },
      // EXPLORE_RULES are too many to read in a title: the labels and the summary carry them.
      { writes: true, timeout: (settings.seconds + settings.shrinkSeconds + 60) * 1000, titleWithoutRules: true },
    );
  }
});
