import { doctor } from './doctor.js';
import { HelpRequested, parseRunOptions, sharedTargetWarning, TargetError, UsageError } from './options.js';
import { runConformance } from './run.js';
import { prepareTarget } from './target.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The conformance CLI (`npm run conformance -- [doctor] [options]`) as a function: runs it and
 * returns its exit code (meanings in options.ts, USAGE). The fault runner calls it repeatedly in
 * long-lived processes, so it must not exit; the process.env entries it sets are set anew by
 * every call, and the receiver's, which only some calls set, is removed again.
 */
export async function runCli(argv: string[], output: CliOutput): Promise<number> {
  try {
    return await run(argv, output);
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

async function run(argv: string[], { out: log, err }: CliOutput): Promise<number> {
  const options = parseRunOptions(argv);
  const target = await prepareTarget(options, err);
  if (options.shard && target.kind === 'external') err(sharedTargetWarning(options.shard));
  let receiver: WebhookReceiver | undefined;
  try {
    if (options.webhookReceiver !== undefined) {
      const port = options.webhookReceiver;
      receiver = await startWebhookReceiver({ port, log: err }).catch((cause: unknown) => {
        throw new Error(`--webhook-receiver ${port}: cannot listen (${(cause as Error).message}). Fix: choose a free port`);
      });
      process.env.CPF_WEBHOOK_RECEIVER_URL = receiver.controlUrl;
      log(`webhook receiver listening on ${receiver.publicAddress} (profile webhook.receiverPublicUrl: ${target.profile.webhook?.receiverPublicUrl ?? 'not set'})`);
      if (target.profile.webhook?.mode !== 'receiver') log('note: the profile\'s webhook.mode is not "receiver", so the webhook suite will not use the receiver');
    }
    if (options.command === 'doctor') return await doctor(target.baseUrl, target.profile, log);
    try {
      const health = await fetch(`${target.baseUrl}/health`);
      await health.arrayBuffer();
    } catch (cause) {
      log(`target unreachable: GET ${target.baseUrl}/health failed (${(cause as Error).message}). Fix: check --base-url and that the service runs`);
      return 3;
    }
    return (await runConformance(options, target, log)).code;
  } finally {
    if (receiver) {
      delete process.env.CPF_WEBHOOK_RECEIVER_URL;
      await receiver.close();
    }
    await target.close();
  }
}
