import { Pool } from 'undici';
import { addressOf, undiciFrom } from '../source-addresses.js';

/**
 * The undici pools of one group of clients (the paced customers, the flooding ones, the project
 * setup): one pool without source addresses; with them, one per address a client leaves from
 * (client `id` from address id mod n, `--source-addresses`), the group's connections split over
 * the addresses it uses and at least one each. A pool is made when its first client sends.
 */
export function addressPools(o: { origin: string; connections: number; clients: number; addresses: readonly string[] | undefined; options: Omit<Pool.Options, 'connections'> }) {
  const addresses = o.addresses ?? [];
  const used = Math.max(1, Math.min(addresses.length, o.clients));
  const connections = addresses.length === 0 ? o.connections : Math.max(1, Math.ceil(o.connections / used));
  const pools = new Map<string, Pool>();
  return {
    of(id: number): Pool {
      const address = addresses.length === 0 ? '' : addressOf(addresses, id);
      let pool = pools.get(address);
      if (!pool) pools.set(address, (pool = new Pool(o.origin, { ...o.options, connections, ...(address === '' ? {} : undiciFrom(address)) })));
      return pool;
    },
    async destroy(): Promise<void> {
      await Promise.all([...pools.values()].map((p) => p.destroy()));
    },
  };
}
