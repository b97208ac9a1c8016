import { UsageError } from '../../cli/command-line/usage.js';
import { addressPools } from './address-pools.js';
import type { Customer } from './engine.js';
import type { SetupExchange } from './recorder.js';
import type { SendBudget } from './send-budget.js';

interface Listing {
  projekte?: { key?: string }[];
  leads?: { key?: string }[];
  api?: { key?: string }[];
  archiv?: { key?: string }[];
}

/**
 * Customers of a foreign target without project keys: each gets a project of its own through
 * `POST /reports/with-data`, or with `readOnly` the first one `GET /reports` lists (none: only
 * the customer-wide endpoints are called for it). One request per customer, noted in its budget
 * and returned with its send and receive times: the target counts it, so the run's judge of the
 * 429s takes it into the customer's timeline (simulation.ts). Each leaves from the customer's
 * source address, as its load does.
 */
export async function provideProjects(o: { baseUrl: string; sourceAddresses?: readonly string[] | undefined; customers: Customer[]; budget: SendBudget; readOnly: boolean; postalCode: string; runId: string; log: (line: string) => void }): Promise<SetupExchange[]> {
  const sent: SetupExchange[] = [];
  const missing = o.customers.map((c, id) => ({ c, id })).filter(({ c }) => c.readKey === undefined);
  if (missing.length === 0) return sent;
  o.log(`${missing.length} customer(s) without a project key: ${o.readOnly ? 'taking the first project GET /reports lists' : 'creating one project each (POST /reports/with-data)'}`);
  const url = new URL(o.baseUrl);
  const base = url.pathname.replace(/\/+$/, '');
  const pools = addressPools({ origin: url.origin, connections: 16, clients: o.customers.length, addresses: o.sourceAddresses, options: {} });
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const { c, id } = missing[next++] as { c: Customer; id: number };
      const headers = { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' };
      const label = o.readOnly ? 'GET /reports' : 'POST /reports/with-data';
      const sentAt = performance.now();
      o.budget.note(id, sentAt);
      const exchange: SetupExchange = { customer: id, label, sentAt, receivedAt: Infinity, status: 0 };
      sent.push(exchange);
      const res = o.readOnly
        ? await pools.of(id).request({ path: `${base}/reports`, method: 'GET', headers })
        : await pools.of(id).request({ path: `${base}/reports/with-data`, method: 'POST', headers, body: JSON.stringify({ projectData: { projektName: `cpf-conformance load ${o.runId} #${id + 1}`, projektPostleitzahl: o.postalCode } }) });
      const text = await res.body.text();
      exchange.receivedAt = performance.now();
      exchange.status = res.statusCode;
      if (res.statusCode !== (o.readOnly ? 200 : 201)) throw new UsageError(`customer #${id + 1} (token ...${c.token.slice(-4)}): ${o.readOnly ? 'GET /reports' : 'POST /reports/with-data'} answered ${res.statusCode} ${text.slice(0, 200)}. Fix: give only tokens of active customers`);
      const body = JSON.parse(text) as Listing & { projektHeader?: { key?: string } };
      const key = o.readOnly ? [...(body.api ?? []), ...(body.projekte ?? []), ...(body.leads ?? []), ...(body.archiv ?? [])].find((e) => e.key)?.key : body.projektHeader?.key;
      c.readKey = key;
      c.writeKey = key;
    }
  };
  try {
    await Promise.all(Array.from({ length: 16 }, worker));
  } finally {
    await pools.destroy();
  }
  return sent;
}
