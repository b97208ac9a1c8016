import { request } from 'undici';
import type { Profile } from '../../spec/profile.schema.js';
import type { CaptureInfo } from '../../harness-core/capture-protocol.js';
import { UsageError } from '../command-line/usage.js';

const sameBase = (a: string, b: string) => new URL(a.replace(/\/+$/, '')).href === new URL(b.replace(/\/+$/, '')).href;

/**
 * Against a target given by URL, webhook mode "capture" is honest only with a capture that sees
 * that target's deliveries: one started in the target's own process, which says at
 * `captureControlUrl` which target it captures. Anything else is a profile error (exit 2).
 */
export async function checkWebhookCapture(profile: Profile, profilePath: string, baseUrl: string): Promise<void> {
  const webhook = profile.webhook;
  if (webhook?.mode !== 'capture') return;
  const field = `profile ${profilePath}: webhook.captureControlUrl`;
  if (!webhook.captureControlUrl) {
    throw new UsageError(
      `profile ${profilePath}: webhook.mode "capture" needs a capture in the process where the target's webhook sender runs: the CLI has one only ` +
        'for the bundled target it starts itself (and the fault runner for its faulted servers, writing webhook.captureControlUrl). ' +
        'Fix: against --base-url set webhook.mode to "receiver" with receiverPublicUrl and run with --webhook-receiver PORT, or remove the webhook section (the webhook checks are then skipped)',
    );
  }
  let info: CaptureInfo;
  try {
    const res = await request(`${webhook.captureControlUrl.replace(/\/+$/, '')}/info`);
    info = (await res.body.json()) as CaptureInfo;
  } catch (err) {
    throw new UsageError(`${field} ${webhook.captureControlUrl} does not answer (${(err as Error).message}). Fix: start the target together with its capture, or use webhook.mode "receiver"`);
  }
  if (!info.target || !sameBase(info.target, baseUrl)) {
    throw new UsageError(
      `${field}: that capture sees the deliveries of ${info.target ?? 'an unnamed target'}, not of ${baseUrl}. ` +
        'Fix: use the capture started next to this target, or webhook.mode "receiver" with --webhook-receiver PORT',
    );
  }
}
