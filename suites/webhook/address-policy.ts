/**
 * The address policy (spec "Events" 2: private or reserved IP addresses are rejected), against the
 * bundled target only: pointing a customer's webhook at a refused address is the target's
 * configuration, which only the capture next to the bundled target can change (target control).
 *
 * One after another (the webhook target is per customer, and webhook.ssrf.customer has one:
 * configurable-customer.ts), each refused address becomes that customer's webhook target and the
 * first PDF of a fresh project of theirs is requested; once the target's sender is idle, the
 * capture tells what reached any trap.
 * Loopback in every notation, 0.0.0.0 and a name resolving to 127.0.0.1 lead to real listeners
 * of the capture on this machine; other ranges are intercepted by the capture's nock, so a sender
 * that does not refuse them is seen without anything leaving the machine.
 */
import type { ApiResponse } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
import type { CaptureInfo, Delivery } from '../../harness-core/capture-protocol.js';
import { withConfigurableCustomer } from './configurable-customer.js';
import type { Skipped } from './observation.js';
import { pdfPath, scenarioRecorder, type ScenarioContext } from './scenarios.js';
import { actorOf } from './webhook-customers.js';

type Trap = NonNullable<CaptureInfo['trap']>;

export interface RefusedAddress {
  id: string;
  what: string;
  /** The webhook target, or why this machine cannot offer it. */
  url(trap: Trap): string | { unavailable: string };
}

const loopback = (host: string) => (trap: Trap) => `http://${host}:${trap.loopbackPort}/cpf-trap`;
const intercepted = (origin: string) => () => `${origin}/cpf-trap`;

export const REFUSED_ADDRESSES: readonly RefusedAddress[] = [
  { id: 'loopback', what: 'the loopback address 127.0.0.1', url: loopback('127.0.0.1') },
  { id: 'short', what: 'loopback in short notation (127.1)', url: loopback('127.1') },
  { id: 'decimal', what: 'loopback as one decimal number (2130706433)', url: loopback('2130706433') },
  { id: 'hex', what: 'loopback in hex notation (0x7f000001)', url: loopback('0x7f000001') },
  { id: 'octal', what: 'loopback in octal notation (0177.0.0.1)', url: loopback('0177.0.0.1') },
  { id: 'unspecified', what: 'the unspecified address 0.0.0.0', url: loopback('0.0.0.0') },
  {
    id: 'ipv6-loopback',
    what: 'the IPv6 loopback [::1]',
    url: (trap) => (trap.ipv6LoopbackPort ? `http://[::1]:${trap.ipv6LoopbackPort}/cpf-trap` : { unavailable: 'this machine has no IPv6 loopback to listen on' }),
  },
  { id: 'ipv4-mapped', what: 'loopback as IPv4-mapped IPv6 [::ffff:127.0.0.1]', url: loopback('[::ffff:127.0.0.1]') },
  { id: 'private-10', what: 'a private address of 10.0.0.0/8 (10.20.30.40)', url: intercepted('http://10.20.30.40') },
  { id: 'private-172', what: 'a private address of 172.16.0.0/12 (172.20.1.1)', url: intercepted('http://172.20.1.1') },
  { id: 'private-192', what: 'a private address of 192.168.0.0/16 (192.168.1.1)', url: intercepted('http://192.168.1.1') },
  { id: 'metadata', what: 'the link-local cloud metadata address 169.254.169.254', url: () => 'http://169.254.169.254/latest/meta-data/' },
  {
    id: 'private-name',
    what: 'a host name whose DNS answer is 127.0.0.1',
    url: (trap) => `http://webhook-rebind${trap.privateNameSuffix}:${trap.loopbackPort}/cpf-trap`,
  },
];

export interface RefusedAddressResult {
  url: string;
  key: string;
  pdf: ApiResponse;
  /** Every request with the project's key that reached a trap, the capture or a redirect location. */
  deliveries: Delivery[];
}

export interface AddressPolicyObservation {
  results: Map<string, RefusedAddressResult | Skipped>;
  exchanges: Exchange[];
}

let observation: Promise<AddressPolicyObservation | Skipped> | undefined;

export function addressPolicyScenario(c: ScenarioContext): Promise<AddressPolicyObservation | Skipped> {
  observation ??= run(c);
  return observation;
}

async function run(c: ScenarioContext): Promise<AddressPolicyObservation | Skipped> {
  const trap = c.info.trap;
  if (!c.info.targetControl || !trap) return { skip: "needs the bundled target's configuration (a customer's webhook target), which only its capture can set (webhook.mode \"capture\")" };
  return withConfigurableCustomer(c, async (customer) => {
    const { recorder, exchanges } = scenarioRecorder('address policy');
    const actor = actorOf(customer, recorder);
    const results = new Map<string, RefusedAddressResult | Skipped>();
    try {
      for (const address of REFUSED_ADDRESSES) {
        const url = address.url(trap);
        if (typeof url !== 'string') {
          results.set(address.id, { skip: url.unavailable });
          continue;
        }
        const project = customer.fresh.take(address.what);
        if ('skip' in project) {
          results.set(address.id, project);
          continue;
        }
        await c.client.setWebhook(customer.name, url);
        const pdf = await actor.get(pdfPath(project.key));
        await c.client.idle();
        results.set(address.id, { url, key: project.key, pdf, deliveries: await c.client.deliveries(project.key) });
      }
    } finally {
      await c.client.setWebhook(customer.name, null);
    }
    return { results, exchanges };
  });
}
