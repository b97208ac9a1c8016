/**
 * What the webhook checks share: the prerequisite test, the scenario context, and reading the
 * deliveries a scenario recorded.
 */
import { expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import type { CheckContext, CheckOptions } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { captureSetup } from './capture-client.js';
import type { Delivery } from '../../harness-core/capture-protocol.js';
import { bodyOf, deliveryExchange, isSkipped, type MainObservation, type Skipped } from './observation.js';
import { mainScenario, scenarioContext, type ScenarioContext } from './scenarios.js';

const needsCapture = (p: Profile) => {
  const setup = captureSetup(p);
  return setup.kind === 'none' ? setup.reason : undefined;
};

/** Options of every webhook check: skipped without a capture; scenarios wait for deliveries and quiet periods. */
export const WEBHOOK: CheckOptions = { needs: needsCapture, timeout: 180_000 };

/** The scenario context, or the check is skipped with the reason. */
export async function contextFor(t: CheckContext): Promise<ScenarioContext> {
  return unlessSkipped(t, await scenarioContext(t.profile));
}

export function unlessSkipped<T extends object>(t: CheckContext, value: T | Skipped): T {
  if (isSkipped(value)) return t.skip(value.skip);
  return value;
}

export function attach(t: CheckContext, deliveries: readonly Delivery[], exchanges: readonly Exchange[]): void {
  for (const d of deliveries) t.record(deliveryExchange(d));
  for (const e of exchanges) t.record(e);
}

/** The main scenario, its deliveries and exchanges attached to the check. */
export async function observeMain(t: CheckContext): Promise<MainObservation> {
  const obs = unlessSkipped(t, await mainScenario(await contextFor(t)));
  const runs = [obs.service, ...(obs.check ? [obs.check] : []), ...(obs.failed ? [obs.failed] : [])];
  attach(t, runs.flatMap((r) => r.deliveries), obs.exchanges);
  return obs;
}

/** "1 delivery", "2 deliveries": the evidence of a check that judged deliveries. */
export function deliveries(count: number, of = ''): string {
  return `${count === 1 ? 'delivery' : 'deliveries'}${of === '' ? '' : ` ${of}`}`;
}

/**
 * The first deliveries of the scenario (one per triggered project), with the project's key. With
 * `t`, the check records that its named rules were judged on them (every check reading them judges
 * each delivery).
 */
export function firstDeliveries(obs: MainObservation, t?: CheckContext): { delivery: Delivery; key: string }[] {
  const runs = [obs.service, ...(obs.check ? [obs.check] : [])];
  const out = runs.flatMap((run) => run.deliveries.map((delivery) => ({ delivery, key: run.key })));
  expect(out.length, `no delivery arrived for the first PDF of ${runs.map((r) => r.key).join(', ')}: nothing to inspect`).toBeGreaterThan(0);
  t?.judged(t.rules, out.length, deliveries(out.length, `of first PDFs (${runs.map((r) => r.key).join(', ')})`));
  return out;
}

export function payloadOf(delivery: Delivery): Record<string, unknown> {
  const body = bodyOf(delivery);
  expect(body, `the delivery body must be a JSON object: ${delivery.body.slice(0, 200)}`).toBeDefined();
  return body as Record<string, unknown>;
}

export function documentOf(delivery: Delivery): Record<string, unknown> {
  const document = payloadOf(delivery).document;
  expect(document !== null && typeof document === 'object' && !Array.isArray(document), `document must be an object: ${delivery.body.slice(0, 300)}`).toBe(true);
  return document as Record<string, unknown>;
}
