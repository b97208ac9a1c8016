import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../reference-server/src/app.js';
import type { WebhookSend } from '../../reference-server/src/webhook/guarded-fetch.js';
import type { Fault } from '../fault.js';
import { withTransport } from '../../reference-server/seams/webhook-transport.js';
import { inReceiverMode } from './webhook.js';

/**
 * Webhook faults of two statements that had no fault: the delivery signed with an HMAC header
 * (the spec has none), proven through both capture kinds; and a delivery for a customer without
 * a webhook address, which only the capture in the sender's process can see.
 */

/** The header a sender signing its deliveries would add, as many webhook providers do. */
const signed: (send: WebhookSend) => WebhookSend = (send) => (request) =>
  send({ ...request, headers: { ...request.headers, 'X-Service-Signature': `sha256=${createHmac('sha256', 'cpf-fault-signing-key').update(request.body).digest('hex')}` } });

const signsDeliveries: Fault = {
  id: 'webhook-hmac-signature',
  description: 'deliveries carry an HMAC signature header X-Service-Signature: sha256=<hmac of the body>',
  rules: ['HOOK-32'],
  configure: (deps) => withTransport(deps, signed),
};

/**
 * A customer without an address of their own gets the first address configured for any customer
 * (a shared default), so their deliveries go where another customer's do.
 */
function defaultAddressForAll(deps: AppDeps): AppDeps {
  const customers = deps.store.customers;
  const firstConfigured = () => {
    for (let id = 1; customers.findById(id); id++) {
      const target = customers.webhookTarget(id);
      if (target) return target;
    }
    return undefined;
  };
  return { ...deps, store: { ...deps.store, customers: { ...customers, webhookTarget: (id: number) => customers.webhookTarget(id) ?? firstConfigured() } } };
}

export const hooks2Faults: Fault[] = [
  signsDeliveries,
  inReceiverMode(signsDeliveries),
  {
    id: 'webhook-sent-without-address',
    description: "a customer without a webhook address gets deliveries anyway, to the first address configured for any customer",
    rules: ['HOOK-6'],
    configure: defaultAddressForAll,
  },
];
