import type { AppDeps } from '../../reference-server/src/app.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { generateApiToken, hashApiToken } from '../../reference-server/src/domain/api-token.js';
import { generateProjectKey } from '../../reference-server/src/domain/project-key.js';
import { HOUSE_1970, seedBuilding } from '../../reference-server/src/seed/building-demo.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';
import { loadProfile } from '../../cli/target/target.js';
import type { Customer } from './engine.js';
import { findFault } from './faults.js';
import type { InvalidTokenLimit } from './invalid-token-limit.js';

export interface PopulationRequest {
  customers: number;
  flooders: number;
  fault?: string | undefined;
  /** Where to listen: by default an ephemeral loopback port. */
  listen?: { host: string; port: number };
}

export interface Population {
  baseUrl: string;
  customers: Customer[];
  flooders: Customer[];
  /** The limit per source address on requests without a valid token, as the server's profile documents it. */
  invalidTokenLimit: InvalidTokenLimit | undefined;
}

const house = (name: string) => ({ projektName: name, projektPostleitzahl: '10178', projektBaujahr: '1970', projektBewohner: '4', projektArtHeizung: '1' });

/**
 * The bundled server with a population: a temporary database with the demo seed, plus `customers`
 * customers (annual license, heat-pump right, one token) each owning a calculable project (the
 * demo's 1970 house: results compute) and a plain one for the writes, and `flooders` customers
 * with a token only. Inserted through the store before the app serves, in one transaction.
 */
export async function startPopulationServer(request: PopulationRequest): Promise<Population & { close(): Promise<void> }> {
  const fault = request.fault === undefined ? undefined : findFault(request.fault);
  if (request.fault !== undefined && !fault) throw new Error(`unknown fault ${request.fault}`);
  const customers: Customer[] = [];
  const flooders: Customer[] = [];
  const server = await startInFolder({
    prefix: 'cpf-simulate-',
    ...request.listen,
    configure: (deps: AppDeps) => {
      const clock = deps.clock ?? systemClock;
      const { store } = deps;
      const token = (id: number) => {
        const value = generateApiToken();
        store.customers.addToken(id, hashApiToken(value), 'load simulation', clock.now());
        return value;
      };
      const project = (customerId: number, name: string, status: number) => {
        for (;;) {
          const key = generateProjectKey();
          if (store.projects.keyExists(key)) continue;
          return { key, id: store.projects.insert({ key, customerId, origin: 'api', status, data: house(name), at: clock.now() }) };
        }
      };
      store.transaction(() => {
        for (let i = 0; i < request.customers; i++) {
          const id = store.customers.create({ name: `Lastkunde ${i + 1}`, license: 'annual', heatpumpRight: true });
          const read = project(id, `Lastprojekt ${i + 1}`, 2);
          seedBuilding(store, clock, read.id, '1970', HOUSE_1970);
          customers.push({ token: token(id), readKey: read.key, writeKey: project(id, `Lastprojekt ${i + 1} Schreiben`, 1).key });
        }
        for (let i = 0; i < request.flooders; i++) {
          flooders.push({ token: token(store.customers.create({ name: `Flutkunde ${i + 1}`, license: 'annual', heatpumpRight: true })) });
        }
      });
      return fault ? fault.configure(deps) : deps;
    },
  });
  // The server documents it in the profile it writes beside its database, as for any conformance run.
  const documented = loadProfile(server.profilePath).limits?.invalidTokenPerIp;
  return {
    baseUrl: server.baseUrl,
    customers,
    flooders,
    invalidTokenLimit: documented && { requests: documented.requests, windowSeconds: documented.windowSeconds },
    close: async () => {
      await server.close();
    },
  };
}
