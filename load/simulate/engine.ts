import type { Pool } from 'undici';
import { addressPools } from './address-pools.js';
import { OPERATION_SPECS, type Endpoint, type Operation } from './operations.js';
import type { Recorder } from './recorder.js';

/** A customer of the population: its token and, when known, the projects its calls name. */
export interface Customer {
  token: string;
  readKey?: string | undefined;
  writeKey?: string | undefined;
}

export interface EngineOptions {
  baseUrl: string;
  /** Pooled keep-alive connections of the paced customers, and apart from them of the flood. */
  connections: number;
  floodConnections: number;
  timeoutMs: number;
  /** Paced requests in flight beyond which an arrival is dropped (counted) instead of queued. */
  maxInFlight: number;
  recorder: Recorder;
  /** Paced customers first, then the flooding ones (ids from `customers.length`). */
  customers: readonly Customer[];
  flooders: readonly Customer[];
  /** `--source-addresses`: customer `id` (flooders after the paced ones) sends from address id mod n. */
  sourceAddresses?: readonly string[] | undefined;
  /** Customer `id`'s next operation. */
  pick(id: number, hasProject: boolean): Operation | undefined;
}

/** Bodies past this are not worth a connection: read and dropped up to it (results are ~30 KiB). */
const DUMP_LIMIT = 1 << 20;

/**
 * Sends the scheduler's requests through undici pools (keep-alive, one request per connection at
 * a time) and files each answer with the recorder. The flood has a pool of its own, so the
 * server's slowed-down refusals on the flood's connections never hold up the others' requests on
 * the client side. With source addresses each group has a pool per address (address-pools.ts).
 */
export function createEngine(o: EngineOptions) {
  const url = new URL(o.baseUrl);
  const basePath = url.pathname.replace(/\/+$/, '');
  const options = { pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs };
  const pools = addressPools({ origin: url.origin, connections: o.connections, clients: o.customers.length, addresses: o.sourceAddresses, options });
  const floodPools = addressPools({ origin: url.origin, connections: o.floodConnections, clients: o.flooders.length, addresses: o.sourceAddresses, options });
  const state = { sent: 0, inFlight: 0, floodInFlight: 0, droppedInFlight: 0, floodDropped: 0 };
  let counter = 0;

  const send = (target: Pool, customerId: number, customer: Customer, endpoint: Endpoint, sentAt: number, done: () => void) => {
    const spec = OPERATION_SPECS[endpoint];
    const n = counter++;
    const body = spec.body?.(n);
    const headers: Record<string, string> = { authorization: `Bearer ${customer.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    state.sent += 1;
    target
      .request({ path: basePath + spec.path({ read: customer.readKey ?? '', write: customer.writeKey ?? customer.readKey ?? '' }), method: spec.method, headers, body })
      .then(async (res) => {
        let detail: string | undefined;
        if (res.statusCode === 429 || spec.expected.includes(res.statusCode)) await res.body.dump({ limit: DUMP_LIMIT });
        else detail = (await res.body.text()).slice(0, 200);
        o.recorder.record({ customer: customerId, endpoint, sentAt, receivedAt: performance.now(), status: res.statusCode, detail });
      })
      .catch((err: unknown) => {
        o.recorder.record({ customer: customerId, endpoint, sentAt, receivedAt: performance.now(), status: 0, detail: err instanceof Error ? err.message : String(err) });
      })
      .finally(done);
  };

  return {
    state,
    fire(id: number, sentAt: number): void {
      if (id >= o.customers.length) {
        // The flood only needs to keep its connections busy; a backlog beyond that adds nothing.
        if (state.floodInFlight >= o.floodConnections * 4) {
          state.floodDropped += 1;
          return;
        }
        state.floodInFlight += 1;
        send(floodPools.of(id), id, o.flooders[id - o.customers.length] as Customer, 'flood', sentAt, () => (state.floodInFlight -= 1));
        return;
      }
      const customer = o.customers[id] as Customer;
      const op = o.pick(id, customer.readKey !== undefined);
      if (op === undefined) return;
      if (state.inFlight >= o.maxInFlight) {
        state.droppedInFlight += 1;
        return;
      }
      state.inFlight += 1;
      send(pools.of(id), id, customer, op, sentAt, () => (state.inFlight -= 1));
    },
    /** Waits until every request has its answer, or `timeoutMs` passed. */
    async drain(timeoutMs: number): Promise<void> {
      const until = performance.now() + timeoutMs;
      while (state.inFlight + state.floodInFlight > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
    async close(): Promise<void> {
      await Promise.all([pools.destroy(), floodPools.destroy()]);
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
