import type { KeyObject } from 'node:crypto';
import { join, resolve } from 'node:path';
import { rules } from '../spec/rules/catalog.js';
import { unmatchedRulePatterns } from './rules-matrix/selection.js';
import { doctor } from './doctor/doctor.js';
import { init } from './init/init.js';
import { formatDoubt, preflight } from './preflight.js';
import { parseRunOptions, sharedTargetWarning, type RunOptions } from './options.js';
import { HelpRequested, TargetError, UsageError } from './command-line/usage.js';
import { parseInitOptions } from './init/init-options.js';
import { createChecksRunner, INTERRUPTED_EXIT_CODE, runConformance, type ChecksRunner } from './run.js';
import { prepareTarget } from './target/target.js';
import { loadSigningKey } from './statement/write-statement.js';
import { verifyCommand } from './statement/verify-cli.js';
import { runDiff } from './diff/main.js';
import { observeCommand } from './observe/observe-command.js';
import { recordingTarget } from './observe/recording-target.js';
import { rerunOptions } from './rerun/rerun-failed.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-capture/webhook-receiver.js';
import { writeRunEnv } from '../harness-core/run-env.js';
import { checkHistoryFile, HISTORY_FILE } from './report/allure-history.js';
import { kitVersionLine } from './statement/kit-identity.js';
import { isLoadCommand, runLoadTool } from './load-command.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The conformance CLI (`npm run conformance -- [doctor|init|observe|verify|diff|load:limiter|load:simulate] [options]`, `--version`) as a function: runs it and
 * returns its exit code (meanings in options.ts, USAGE). The fault runner calls it repeatedly in
 * long-lived processes, so it must not exit; the process.env entries it sets are set anew by
 * every call, and the receiver's, which only some calls set, is removed again.
 */
export async function runCli(argv: string[], output: CliOutput, interrupt?: AbortSignal): Promise<number> {
  try {
    return await run(argv, output, interrupt);
  } catch (err) {
    if (err instanceof HelpRequested) {
      output.out(err.message);
      return 0;
    }
    if (err instanceof UsageError) {
      output.err(err.message);
      return 2;
    }
    if (err instanceof TargetError) {
      output.err(err.message);
      return 3;
    }
    output.err(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 3;
  }
}

async function run(argv: string[], { out: log, err }: CliOutput, interrupt?: AbortSignal): Promise<number> {
  if (argv[0] === '--version') {
    log(kitVersionLine());
    return 0;
  }
  if (isLoadCommand(argv[0])) return runLoadTool(argv[0], argv.slice(1), interrupt);
  if (argv[0] === 'verify') return verifyCommand(argv.slice(1), log);
  if (argv[0] === 'diff') return runDiff(argv.slice(1), log);
  if (argv[0] === 'init') return init(parseInitOptions(argv.slice(1)), log);
  if (argv[0] === 'observe') return observeCommand(argv.slice(1), log, interrupt);
  const given = parseRunOptions(argv);
  // A wrong key is a usage error before anything runs, not a surprise after it.
  const signKey = given.signKey === undefined ? undefined : loadSigningKey(given.signKey);
  const unmatched = unmatchedRulePatterns(given.rules, rules);
  if (unmatched.length > 0) {
    throw new UsageError(`--rules ${unmatched.join(', ')}: matches no rule that a check asserts (an unknown ID, or only rules the spec leaves unspecified or that are not testable from outside). Fix: use IDs from docs/rules.md, e.g. PROJ-12 or 'PROJ-*'`);
  }
  // The earlier run's failing rules replace the selection before any target is started.
  const options = given.rerunFailed !== undefined && given.command === 'run' ? rerunOptions(given, given.rerunFailed, log) : given;
  if (!options) return 0;
  // The history is read when the HTML report is built, after every check: a bad one says so now.
  if (options.command === 'run' && options.html) checkHistoryFile(resolve(options.allureHistory ?? join(options.reportDir, HISTORY_FILE)));
  // Made while the target starts and the preflight asks it (run.ts).
  const runner = options.command === 'run' ? createChecksRunner(options) : undefined;
  // Its failure is reported where it is awaited, or not at all when the target's came first.
  runner?.catch(() => {});
  try {
    return await runAgainstTarget(options, runner, log, err, interrupt, signKey);
  } finally {
    // Closed by the run already, or unused: the target failed, the preflight stopped the run.
    if (runner) await runner.then((r) => r.vitest.close(), () => {});
  }
}

async function runAgainstTarget(options: RunOptions, runner: Promise<ChecksRunner> | undefined, log: (line: string) => void, err: (line: string) => void, interrupt: AbortSignal | undefined, signKey: KeyObject | undefined): Promise<number> {
  const prepared = await prepareTarget(options, err);
  const target = options.record === undefined || options.command !== 'run' ? prepared : await recordingTarget(prepared, options.record);
  if (options.shard && target.kind === 'external') err(sharedTargetWarning(options.shard));
  let receiver: WebhookReceiver | undefined;
  try {
    if (options.webhookReceiver !== undefined) {
      const port = options.webhookReceiver;
      receiver = await startWebhookReceiver({ port, log: err }).catch((cause: unknown) => {
        throw new Error(`--webhook-receiver ${port}: cannot listen (${(cause as Error).message}). Fix: choose a free port`);
      });
      writeRunEnv({ webhookControlUrl: receiver.controlUrl });
      log(`webhook receiver listening on ${receiver.publicAddress} (profile webhook.receiverPublicUrl: ${target.profile.webhook?.receiverPublicUrl ?? 'not set'})`);
      if (target.profile.webhook?.mode !== 'receiver') log('note: the profile\'s webhook.mode is not "receiver", so the webhook suite will not use the receiver');
    }
    // Only a run makes a checks runner; doctor's questions are all it sends.
    if (runner === undefined) return await doctor(target.baseUrl, target.profile, log);
    const checked = await preflight(target.baseUrl, target.profile);
    if (checked.unreachable) {
      log(checked.unreachable);
      return 3;
    }
    if (checked.problems.length > 0 && options.preflight) {
      err(`preflight: the target or the profile is not what the run needs; no check ran:\n  ${checked.problems.join('\n  ')}`);
      return 2;
    }
    if (checked.problems.length > 0) err(`preflight found problems (--no-preflight: running the checks anyway):\n  ${checked.problems.join('\n  ')}`);
    if (checked.doubts.length > 0) err(`preflight: answers that are a deviation of the target or a mistake of the profile; the run goes on and judges them:\n  ${checked.doubts.map(formatDoubt).join('\n  ')}`);
    // The pacer counts the preflight's requests, so no role customer's first second is overspent.
    writeRunEnv({ preflightSent: checked.sent });
    const { code } = await runConformance(options, target, await runner, log, interrupt, checked.doubts, signKey);
    return interrupt?.aborted ? INTERRUPTED_EXIT_CODE : code;
  } finally {
    if (receiver) {
      writeRunEnv({ webhookControlUrl: undefined });
      await receiver.close();
    }
    await target.close();
  }
}
