import { readRunEnv } from '../../harness-core/run-env.js';
import type { DoctorContext } from './context.js';
import { ok, skip, wrong, type Finding } from './findings.js';

/** The expired links refuse to serve, and the webhook receiver URL reaches this CLI's receiver. */
export async function linkFindings(ctx: DoctorContext): Promise<Finding[]> {
  const links = ctx.profile.resources?.expiredLinks;
  const expired = (['picture', 'document'] as const).flatMap((which) => {
    const url = links?.[which];
    return url === undefined ? [] : [expiredLink(ctx, `resources.expiredLinks.${which}`, url)];
  });
  return (await Promise.all([...expired, receiver(ctx)])).flat();
}

async function expiredLink(ctx: DoctorContext, field: string, url: string): Promise<Finding[]> {
  try {
    const answer = await ctx.reader.getUrl(url);
    if (answer.status >= 200 && answer.status < 300) {
      return [wrong(field, `the link still serves (${answer.status}): its lifetime has not passed`, 'put a link here only once its lifetime has passed (save it now, add it later), or leave it out')];
    }
    // The spec leaves the answer to an expired link open; a run checks only that it does not serve.
    return [ok(field, answer.status === 403 ? 'answered 403' : `answered ${answer.status} (does not serve; make sure it is a link the target handed out)`)];
  } catch (err) {
    return [wrong(field, `GET ${url} failed: ${(err as Error).message}`, 'a link exactly as the target handed it out (its host must answer), or leave it out')];
  }
}

/**
 * The receiver is this CLI's (--webhook-receiver PORT): only while it listens does a request to
 * receiverPublicUrl show that the target's deliveries would reach it. Its answer to GET,
 * {"received":false}, tells it apart from any other server at that URL.
 */
async function receiver(ctx: DoctorContext): Promise<Finding[]> {
  const webhook = ctx.profile.webhook;
  const field = 'webhook.receiverPublicUrl';
  if (webhook?.mode !== 'receiver' || webhook.receiverPublicUrl === undefined) return [];
  const url = webhook.receiverPublicUrl;
  if (readRunEnv('webhookControlUrl') === undefined) {
    return [skip(field, `not checked: run doctor with --webhook-receiver PORT (the port ${url} forwards to), as the run needs, so it can see that the URL reaches the receiver`)];
  }
  try {
    const answer = await ctx.reader.getUrl(url);
    const own = answer.status === 200 && (answer.json as { received?: unknown } | undefined)?.received === false;
    return [
      own
        ? ok(field, `${url} reaches this CLI's receiver`)
        : wrong(field, `${url} answered ${answer.status} ${JSON.stringify(answer.text.slice(0, 60))}, not this CLI's receiver`, 'the public URL that forwards to the --webhook-receiver port, as configured as webhook target in the pro area'),
    ];
  } catch (err) {
    return [wrong(field, `${url} unreachable: ${(err as Error).message}`, 'make the --webhook-receiver port reachable at this URL (tunnel or port forward)')];
  }
}
