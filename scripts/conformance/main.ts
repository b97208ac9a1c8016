import { doctor } from './doctor.js';
import { HelpRequested, parseRunOptions, sharedTargetWarning, TargetError, UsageError } from './options.js';
import { runConformance } from './run.js';
import { prepareTarget } from './target.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/** `npm run conformance -- [doctor] [options]`; exit codes in options.ts (USAGE). */
const log = (line: string) => console.log(line);

async function main(): Promise<number> {
  const options = parseRunOptions(process.argv.slice(2));
  const target = await prepareTarget(options, (line) => console.error(line));
  // The webhook suite runs its own in-process reference server against the bundled target (and
  // in fault runs); it learns which target this is from CPF_TARGET_KIND.
  process.env.CPF_TARGET_KIND = target.kind;
  if (options.shard && target.kind === 'external') console.error(sharedTargetWarning(options.shard));
  let receiver: WebhookReceiver | undefined;
  try {
    if (options.webhookReceiver !== undefined) {
      const port = options.webhookReceiver;
      receiver = await startWebhookReceiver({ port, log: (line) => console.error(line) }).catch((err: unknown) => {
        throw new Error(`--webhook-receiver ${port}: cannot listen (${(err as Error).message}). Fix: choose a free port`);
      });
      process.env.CPF_WEBHOOK_RECEIVER_URL = receiver.controlUrl;
      log(`webhook receiver listening on ${receiver.publicAddress} (profile webhook.receiverPublicUrl: ${target.profile.webhook?.receiverPublicUrl ?? 'not set'})`);
      if (target.profile.webhook?.mode !== 'receiver') log('note: the profile\'s webhook.mode is not "receiver", so the webhook suite will not use the receiver');
    }
    if (options.command === 'doctor') return await doctor(target.baseUrl, target.profile, log);
    try {
      const health = await fetch(`${target.baseUrl}/health`);
      await health.arrayBuffer();
    } catch (err) {
      log(`target unreachable: GET ${target.baseUrl}/health failed (${(err as Error).message}). Fix: check --base-url and that the service runs`);
      return 3;
    }
    return (await runConformance(options, target, log)).code;
  } finally {
    await receiver?.close();
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof HelpRequested) {
      console.log(err.message);
      process.exit(0);
    }
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    if (err instanceof TargetError) {
      console.error(err.message);
      process.exit(3);
    }
    console.error(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(3);
  },
);
