import type { LookupFunction } from 'node:net';
import type { AppDeps } from '../../reference-server/src/app.js';
import { parseHostLiteral } from '../../reference-server/src/webhook/host-literal.js';
import type { WebhookSend } from '../../reference-server/src/webhook/guarded-fetch.js';
import { captureResolver, captureSender } from '../../reference-server/src/webhook/capture-sender.js';
import { claimByTrigger } from '../kit/webhook-claim.js';
import type { Fault } from '../fault.js';
import { documentFaults } from './documents.js';
import { documentRewrite, plainTransport, withTransport } from '../../reference-server/seams/webhook-transport.js';

/**
 * Webhook faults that prove the checks judge the target's own deliveries: a sender that sends
 * nothing, the receiver-steered rules (no retry, no blocking, no redirect) caught through the
 * real receiver as against a foreign target, every way of getting past the address policy, and
 * temporary download documents announced wrongly. The other webhook faults are in documents.ts.
 */

/** Resolves like the capture's sender (names under the private suffix -> 127.0.0.1) but judges nothing. */
const unguardedLookup: LookupFunction = (hostname, options, callback) => {
  captureResolver(hostname).then(
    (answers) => {
      const first = answers[0];
      if (!first) callback(Object.assign(new Error(`${hostname}: no addresses`), { code: 'ENOTFOUND' }), '', 0);
      else if (options.all) callback(null, answers);
      else callback(null, first.address, first.family);
    },
    (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
  );
};

const unguarded = plainTransport({ lookup: unguardedLookup });

/** Sends a delivery unguarded when `useUnguarded` says so for its URL, else through the guarded transport. */
function splitTransport(useUnguarded: (url: string) => boolean): (send: WebhookSend) => WebhookSend {
  return (guarded) => (request) => (useUnguarded(request.url) ? unguarded(request) : guarded(request));
}

/** The portal's creation claims the project's delivery and sends nothing. */
const portalClaimsSilently = (deps: AppDeps): AppDeps => claimByTrigger(deps, (claim, trigger, projectId, at) => claim(projectId, at) && trigger !== 'portal');

/** These rules need a receiver that answers as told: proven against the real receiver too. */
const RECEIVER_STEERED = ['webhook-retried', 'webhook-blocks-pdf', 'webhook-follows-redirects'];

export const inReceiverMode = (fault: Fault): Fault => ({
  ...fault,
  id: `${fault.id}-receiver`,
  description: `${fault.description} (deliveries to the CLI's real receiver, as from a foreign target)`,
  webhookCapture: 'receiver',
});

const sendsNothing: Fault = {
  id: 'webhook-never-sent',
  description: 'the sender claims every first delivery but sends nothing (a capture that sees nothing)',
  rules: ['HOOK-2'],
  configure: (deps) => ({ ...deps, webhook: captureSender(deps, () => () => Promise.resolve({ delivered: true, status: 200, durationMs: 0 })) }),
};

export const webhookFaults: Fault[] = [
  sendsNothing,
  inReceiverMode(sendsNothing),
  ...documentFaults.filter((f) => RECEIVER_STEERED.includes(f.id)).map(inReceiverMode),
  {
    id: 'webhook-address-policy-off',
    description: 'the sender has no address guard: private, reserved and loopback targets are delivered to',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, () => unguarded),
  },
  {
    id: 'webhook-address-text-blocklist',
    description: 'targets are refused by a text blocklist of the configured URL (127.0.0.1, localhost, [::1], 10., 192.168., 169.254.) instead of by address',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, splitTransport((url) => !/\/\/(?:127\.0\.0\.1|localhost|\[::1\]|10\.|192\.168\.|169\.254\.)/i.test(url))),
  },
  {
    id: 'webhook-resolved-names-unchecked',
    description: 'IP literals are checked, but the addresses a host name resolves to are not',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, splitTransport((url) => parseHostLiteral(new URL(url).hostname).kind === 'name')),
  },
  {
    id: 'webhook-temporary-keeps-id',
    description: 'a temporary download document is announced with a document id instead of 0',
    rules: ['HOOK-24'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => (d.temporary === true ? { ...d, id: 4711 } : d))),
  },
  {
    id: 'webhook-temporary-flag-false',
    description: 'document.temporary is always false, also for a temporary download document',
    rules: ['HOOK-29'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, temporary: false }))),
  },
  {
    id: 'webhook-stored-as-temporary',
    description: 'every document is announced as a temporary download (temporary true, id 0), also the stored ones of the API pdf endpoint',
    rules: ['HOOK-29'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, temporary: true, id: 0 }))),
  },
  {
    id: 'webhook-portal-silent',
    description: "the portal's central document creation claims the project's delivery but sends nothing",
    rules: ['HOOK-3'],
    configure: portalClaimsSilently,
  },
];
