/**
 * How the webhook checks reach the capture of this run, over its loopback control channel
 * (capture-protocol.ts), whichever kind it is:
 * - profile `webhook.mode` "capture": a nock capture in the process of the target's sender, at
 *   `webhook.captureControlUrl` (the CLI checked that it captures this run's target);
 * - profile `webhook.mode` "receiver": the real receiver the CLI runs (`--webhook-receiver PORT`),
 *   whose control URL the CLI passes in CPF_WEBHOOK_RECEIVER_URL.
 * Without either every webhook check is skipped with the reason.
 */
import { request } from 'undici';
import type { Profile } from '../../spec/profile.schema.js';
import { HarnessError } from '../harness/client.js';
import type { Answer, CaptureInfo, Delivery } from '../../harness-core/capture-protocol.js';
import { readRunEnv } from '../../harness-core/run-env.js';

export type CaptureSetup = { kind: 'capture' | 'receiver'; controlUrl: string } | { kind: 'none'; reason: string };

export function captureSetup(profile: Profile): CaptureSetup {
  const webhook = profile.webhook;
  if (webhook?.mode === 'capture') {
    if (webhook.captureControlUrl) return { kind: 'capture', controlUrl: webhook.captureControlUrl.replace(/\/+$/, '') };
    return { kind: 'none', reason: 'profile webhook.mode is "capture" but names no webhook.captureControlUrl: only a target started together with a capture has one' };
  }
  if (webhook?.mode === 'receiver') {
    const controlUrl = readRunEnv('webhookControlUrl');
    if (controlUrl) return { kind: 'receiver', controlUrl };
    return { kind: 'none', reason: 'profile webhook.mode is "receiver" but no receiver runs: start the CLI with --webhook-receiver PORT' };
  }
  return {
    kind: 'none',
    reason: 'the profile has no webhook section: add webhook {mode: "receiver", receiverPublicUrl, authenticate, customer, freshCalculableProjects} and run with --webhook-receiver PORT',
  };
}

export interface SettleOptions {
  /** Deliveries of the key to wait for (0: none expected). */
  expect: number;
  waitMs: number;
  quietMs: number;
}

export class CaptureClient {
  private infoPromise: Promise<CaptureInfo> | undefined;

  constructor(readonly controlUrl: string) {}

  info(): Promise<CaptureInfo> {
    this.infoPromise ??= this.call<CaptureInfo>('GET', '/info');
    return this.infoPromise;
  }

  deliveries(key: string): Promise<Delivery[]> {
    return this.call('GET', `/deliveries?key=${encodeURIComponent(key)}`);
  }

  /** The next delivery of this project is answered so; later ones get 200. */
  answerNext(key: string, answer: Answer): Promise<void> {
    return this.call('POST', '/answers', { key, answer });
  }

  /** The project's deliveries once `expect` arrived (or waitMs passed) and nothing more came for quietMs. */
  settled(key: string, options: SettleOptions): Promise<Delivery[]> {
    return this.call('POST', '/settled', { key, ...options });
  }

  /** Target control (bundled target only): the pro area's webhook target of a customer. */
  setWebhook(customer: string, url: string | null): Promise<void> {
    return this.call('POST', '/target/webhook', { customer, url });
  }

  /** Target control: the portal's central document creation (a temporary download document when asked). */
  portalDocument(key: string, kind: 'service' | 'check', temporary: boolean): Promise<void> {
    return this.call('POST', '/target/portal-document', { key, kind, temporary });
  }

  /** Target control: resolves when the target's sender has no delivery in flight. */
  idle(): Promise<void> {
    return this.call('POST', '/target/idle', {});
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await request(`${this.controlUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }).catch((err: unknown) => {
      throw new HarnessError(`the webhook capture's control side ${this.controlUrl} is unreachable: ${(err as Error).message}`);
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new HarnessError(`the webhook capture answered ${res.statusCode} to ${method} ${path}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
}

const clients = new Map<string, CaptureClient>();

export function captureClient(controlUrl: string): CaptureClient {
  let client = clients.get(controlUrl);
  if (!client) clients.set(controlUrl, (client = new CaptureClient(controlUrl)));
  return client;
}
