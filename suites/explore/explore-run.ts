/**
 * One lane of the exploration: fast-check draws its sequences (seed `seed + lane`), runs them
 * one after the other against the target through a leased pool customer and compares every
 * answer with the model. A difference
 * is shrunk to a shortest sequence that still shows it (every attempt on fresh projects, within
 * the shrink budget) and reported as a numbered list of requests, with a replay script. The lane
 * records, per rule it names, the comparisons its answers went through (comparisons.ts): a rule
 * they never compared reads "not exercised", with the reason where the lane knows it.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as allure from 'allure-js-commons';
import fc from 'fast-check';
import { readRunEnv } from '../../harness-core/run-env.js';
import { harnessProjectName, type CheckContext } from '../harness/check.js';
import { Actor, GatewayAnswered, HarnessError } from '../harness/client.js';
import { target } from '../harness/target.js';
import { TargetAssertionError } from '../harness/target-assertion.js';
import { commandArbitraries, type ExploreModel, type ExploreReal } from './commands.js';
import { Comparisons, laneRecord } from './comparisons.js';
import { projectInputs } from './inputs.js';
import { emptyCustomerModel } from './model.js';
import { formatJournal, replayScript } from './report.js';
import { SECOND_TOKEN_RULES, STRANGER_RULES } from './rules.js';
import { ExploreMismatch, Session, type JournalEntry, type Who } from './session.js';
import { runsOfLane, type ExploreSettings } from './settings.js';

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

interface Attempt {
  journal: JournalEntry[];
  error: ExploreMismatch;
}

/**
 * The owner (a leased customer), its second token, and another customer for the requests that
 * must find nothing; the notes say which are missing, `unreachable` the rules no sequence can
 * compare without them, with the note as the reason.
 */
async function actorsFor(t: CheckContext, ownerRequests: number): Promise<{ actors: Partial<Record<Who, Actor>>; notes: string[]; unreachable: Record<string, string> }> {
  // Most of a lane's requests go to its owner: the pacer leases the others around that load.
  const owner = await t.owner('licensed', { expectedRequests: ownerRequests });
  const notes: string[] = [];
  const unreachable: Record<string, string> = {};
  const without = (rules: readonly string[], note: string) => {
    notes.push(note);
    for (const rule of rules) unreachable[rule] = note;
  };
  // The leased customer may be a role customer as well as a pool one: its own second token.
  const second = t.entryOf(owner.label).tokens[1];
  const actors: Partial<Record<Who, Actor>> = { owner };
  if (second) actors.owner2 = new Actor(`${owner.label} token 2`, second, { customer: owner.label }, t);
  else without(SECOND_TOKEN_RULES, `${owner.label} has one token: no reads through a second token`);
  const other = await t.owner();
  if (other.label !== owner.label) actors.stranger = other;
  else if (t.profile.customers.foreign) actors.stranger = t.as('foreign');
  else without(STRANGER_RULES, 'no second pool customer and no customers.foreign: no requests of another customer');
  return { actors, notes, unreachable };
}

export async function exploreLane(t: CheckContext, settings: ExploreSettings, lane: number): Promise<void> {
  const runs = runsOfLane(settings, lane);
  const { actors, notes, unreachable } = await actorsFor(t, runs * settings.maxCommands);
  const seed = (settings.seed + lane) | 0;
  const projectName = (suffix: string) => harnessProjectName(`explore ${suffix}`);
  const postal = t.profile.resources?.postalCodes;
  const inputs = projectInputs(projectName, { valid: postal?.valid ?? [], invalid: postal?.invalid ?? [] });
  const arbitraries = commandArbitraries(inputs, projectName);
  // Drawn three times as long as run, and cut at maxCommands: uniform lengths from 0 would leave
  // most sequences too short to build a state worth exploring.
  // Shrinking only drops commands: every replay costs requests, and smaller values inside a command
  // (another project index, fewer fields) rarely make a sequence shorter.
  const sequences = fc.tuple(fc.noShrink(arbitraries.first), fc.commands([fc.noShrink(arbitraries.next)], { maxCommands: 3 * settings.maxCommands, size: 'max' }));

  const exploreUntil = performance.now() + settings.seconds * 1000;
  let shrinkUntil: number | undefined;
  let shrinkAttempts = 0;
  let shrinkStopped: string | undefined;
  let first: Attempt | undefined;
  let last: Attempt | undefined;
  let harnessError: unknown;
  const explored: JournalEntry[][] = [];
  /** Sequences a gateway's answer ended, each at the command it met it in, and the first such answer. */
  const cutShort: number[] = [];
  let gateway: GatewayAnswered | undefined;
  // Every comparison of every attempt, shrinking's replays included: each judged a real answer.
  const comparisons = new Comparisons();

  const property = fc.asyncProperty(sequences, async ([opening, rest]) => {
    if (harnessError !== undefined) return;
    if (shrinkUntil !== undefined) {
      if (shrinkAttempts >= settings.shrinkAttempts || performance.now() > shrinkUntil) {
        shrinkStopped ??= shrinkAttempts >= settings.shrinkAttempts ? `after ${shrinkAttempts} attempts (the limit)` : `after ${settings.shrinkSeconds} s (the limit)`;
        return;
      }
      shrinkAttempts += 1;
    }
    const state = emptyCustomerModel();
    const session = new Session(actors, () => state.passwords, comparisons);
    const model: ExploreModel = {
      state,
      // Shrinking replays sequences that ran before: the exploring time no longer cuts them.
      open: () => session.commandsRun < settings.maxCommands && (shrinkUntil !== undefined || performance.now() < exploreUntil),
      secondToken: actors.owner2 !== undefined,
      stranger: actors.stranger !== undefined,
    };
    const real: ExploreReal = { session, projectName };
    try {
      await fc.asyncModelRun(() => ({ model, real }), [opening, ...rest]);
      if (shrinkUntil === undefined) explored.push(session.journal);
    } catch (err) {
      if (err instanceof GatewayAnswered) {
        // A write whose outcome is unknown leaves the model behind the target: the sequence ends
        // there, and what it compared before stands (each comparison judged an answer of the
        // target). A shrinking replay that meets one shows nothing either way.
        if (shrinkUntil === undefined) {
          explored.push(session.journal);
          cutShort.push(session.commandsRun);
          gateway ??= err;
        }
        return;
      }
      if (!(err instanceof ExploreMismatch)) {
        // A harness error (an unintended 429, an unreachable target) judges nothing: never shrink towards it.
        harnessError = err;
        return;
      }
      const attempt = { journal: session.journal, error: err };
      first ??= attempt;
      last = attempt;
      shrinkUntil ??= performance.now() + settings.shrinkSeconds * 1000;
      throw err;
    }
  });
  const details = await fc.check(property, { numRuns: runs, seed, plugins: [fc.unbiased()] });

  const heading = `lane ${lane + 1} of ${settings.lanes}, seed ${settings.seed} (fast-check seed ${seed})`;
  const commands = explored.reduce((sum, journal) => sum + (journal[journal.length - 1]?.command ?? 0), 0);
  const requests = explored.reduce((sum, journal) => sum + journal.length, 0);
  const cut = cutShort.length === 0 ? '' : `; ${cutShort.length} of them ended at command ${cutShort.join(', ')} by a gateway's answer to a request not sent again`;
  const ran = `${counted(explored.length, 'sequence')} (${counted(commands, 'command')}, ${counted(requests, 'request')}${cut})`;
  // A failed lane records too: a rule it never compared is not exercised, not failed.
  const fallback = details.failed ? `no sequence of the lane compared it (the failing one and its ${shrinkAttempts} shrinking replays included)` : `the lane's ${ran} made no comparison of it`;
  const judged = recordComparisons(t, comparisons, unreachable, fallback);
  if (!details.failed || !first || !last) {
    if (harnessError !== undefined) throw harnessError;
    // Nothing compared before the gateway's answer: the check runs again, as for any check that met one.
    if (gateway !== undefined && comparisons.total === 0) throw gateway;
    t.note(`${ran}: ${judged} of ${t.rules.length} rules compared, ${comparisons.total} comparisons${notes.length ? `; ${notes.join('; ')}` : ''}`);
    const sequencesText = explored.map((journal, i) => `sequence ${i + 1} of ${runs}:\n${formatJournal(journal)}`).join('\n\n');
    await allure.attachment('explored sequences', `${heading}${notes.length ? `\n(${notes.join('; ')})` : ''}\n\n${sequencesText}`, 'text/plain');
    return;
  }
  const commandsOf = (journal: readonly JournalEntry[]) => journal[journal.length - 1]?.command ?? 0;
  const shrunk = `sequence ${details.numRuns} of ${runs} failed; shrunk from ${commandsOf(first.journal)} to ${commandsOf(last.journal)} commands in ${details.numShrinks} steps (${shrinkAttempts} replays)`;
  const stopped = shrinkStopped ? `; shrinking stopped early ${shrinkStopped}` : harnessError !== undefined ? `; shrinking stopped early: ${String(harnessError)}` : '';
  const list = formatJournal(last.journal);
  const script = replayScript(last.journal, target().baseUrl, `${heading}; ${last.error.message}`);
  const dir = resolve(readRunEnv('reportDir') ?? 'reports', 'explore');
  mkdirSync(dir, { recursive: true });
  const scriptPath = join(dir, `replay-${seed}.sh`);
  writeFileSync(scriptPath, script);
  chmodSync(scriptPath, 0o755);
  await allure.attachment('shrunk sequence', `${heading}, ${shrunk}${stopped}\n\n${list}`, 'text/plain');
  await allure.attachment(`replay-${seed}.sh`, script, 'text/x-shellscript');
  throw new TargetAssertionError(
    `${last.error.message}\n${heading}, ${shrunk}${stopped}:\n${list}\nreplay: ${scriptPath} (set the $CPF_TOKEN_* variables it names); rerun: --area explore --seed ${settings.seed} --explore-runs ${settings.runs}`,
  );
}

/**
 * `t.judged(rule, count, 'comparisons')` for every named rule the lane compared, `t.notExercised`
 * with the reason for the others; returns how many it judged. A rule compared but not named is
 * the harness's mistake.
 */
function recordComparisons(t: CheckContext, comparisons: Comparisons, reasons: Readonly<Record<string, string>>, fallback: string): number {
  const record = laneRecord(t.rules, comparisons, reasons, fallback);
  if (record.unnamed.length > 0) throw new HarnessError(`the exploration compared ${record.unnamed.join(', ')}, which the lane does not name (suites/explore/rules.ts)`);
  for (const { rule, count } of record.judged) t.judged(rule, count, count === 1 ? 'comparison' : 'comparisons');
  for (const { rule, reason } of record.notExercised) t.notExercised(rule, reason);
  return record.judged.length;
}
