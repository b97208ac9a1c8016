import { OPERATIONS, type Endpoint } from './operations.js';
import { seededRandom } from '../seeded-random.js';
import type { Exchange } from './recorder.js';

/**
 * For the tests of merging and of the report: a population's exchanges with long-tailed
 * latencies, as a target under load answers, optionally a flooding customer (id -1) refused most
 * of the time, and a few 500s.
 */
export function syntheticExchanges(o: { customers: number; seconds: number; flood?: boolean; seed?: number }): Exchange[] {
  const random = seededRandom(o.seed ?? 3);
  const out: Exchange[] = [];
  for (let c = 0; c < o.customers; c++) {
    for (let t = random() * 2000; t < o.seconds * 1000; t += 600 + random() * 3000) {
      const latency = 0.5 + Math.pow(random(), 6) * 800 + (c % 2) * 3;
      const endpoint = OPERATIONS[Math.floor(random() * OPERATIONS.length)] as Endpoint;
      out.push({ customer: c, endpoint, sentAt: t, receivedAt: t + latency, status: random() < 0.001 ? 500 : endpoint === 'createRoom' ? 201 : 200 });
    }
  }
  if (o.flood) {
    for (let t = 0; t < o.seconds * 1000; t += 5) out.push({ customer: -1, endpoint: 'flood', sentAt: t, receivedAt: t + 2 + random() * 50, status: random() < 0.99 ? 429 : 200 });
  }
  return out;
}
