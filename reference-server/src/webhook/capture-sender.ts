import { defaultWebhookDispatcher, type AppDeps } from '../app.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { createGuardedFetch, systemResolver, type Resolver, type WebhookSend } from './guarded-fetch.js';

/**
 * The sender a bundled target gets when it runs next to a capture: the reference server's own
 * dispatcher and guarded transport, with one injected DNS resolver: names under
 * PRIVATE_NAME_SUFFIX resolve to 127.0.0.1 (the capture's loopback trap), as a hostile DNS answer
 * would, so "a host name that resolves to a private address" can be checked without real DNS.
 * Every other name goes to the system resolver (the capture's own hosts never reach it: nock
 * answers them before any lookup).
 */
export const PRIVATE_NAME_SUFFIX = '.cpf-private.test';

export const captureResolver: Resolver = (host) =>
  host.toLowerCase().endsWith(PRIVATE_NAME_SUFFIX) ? Promise.resolve([{ address: '127.0.0.1', family: 4 }]) : systemResolver(host);

/** The app's default dispatcher over the capture's resolver, with the transport optionally wrapped. */
export function captureSender(
  deps: AppDeps,
  wrap: (send: WebhookSend) => WebhookSend = (send) => send,
  options: { allowLoopback?: boolean; newEventId?: () => string } = {},
): WebhookDispatcher {
  const send = createGuardedFetch({ allowLoopback: options.allowLoopback ?? deps.allowLoopbackWebhooks ?? false, resolve: captureResolver });
  return defaultWebhookDispatcher(deps, { send: wrap(send), ...(options.newEventId ? { newEventId: options.newEventId } : {}) });
}
