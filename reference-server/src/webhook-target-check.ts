import { ConfigError } from './config.js';
import { AddressRefusedError, resolveChecked, systemResolver, type Resolver } from './webhook/guarded-fetch.js';

export type TargetCheck = { refused: string } | { unresolved: string } | { ok: true };

/**
 * What the webhook sender would say about a target, asked when the target is configured rather
 * than at the first delivery: the URL rules of the transport (http or https, no credentials) and
 * its address policy (ip-policy.ts, every resolved address of a name). A name that does not
 * resolve now is not refused: DNS may be down at configuration time, and the sender checks again.
 */
export async function checkWebhookTarget(raw: string, options: { allowLoopback: boolean; resolve?: Resolver }): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: `scheme ${url.protocol} (http or https only)` };
  if (url.username || url.password) return { refused: 'credentials in the URL' };
  try {
    await resolveChecked(url.hostname, options.resolve ?? systemResolver, options.allowLoopback);
    return { ok: true };
  } catch (err) {
    if (err instanceof AddressRefusedError) return { refused: err.message };
    return { unresolved: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * `--webhook-url` at start-up, held to what `npm run admin -- set-webhook` demands: a target every
 * delivery would refuse is a configuration error naming the option and the reason; a name that
 * does not resolve now is only a warning, for the reason above.
 */
export async function checkStartupWebhook(raw: string, options: { allowLoopback: boolean; resolve?: Resolver; warn: (line: string) => void }): Promise<void> {
  const verdict = await checkWebhookTarget(raw, options);
  if ('refused' in verdict) {
    throw new ConfigError(
      `--webhook-url (CPF_WEBHOOK_URL) '${raw}' refused, every delivery to it would fail: ${verdict.refused}; accepted: a publicly reachable http(s) URL (loopback only with --allow-loopback-webhooks)`,
    );
  }
  if ('unresolved' in verdict) options.warn(`warning: --webhook-url: ${verdict.unresolved}; used anyway, the sender resolves the name at each delivery`);
}
