/**
 * Child process of `npm run bench:server`: the servers under measurement, on loopback, in a process
 * of their own so the load generator does not share their event loop.
 *
 * - bare: a bare Express 5 app with one "hello JSON" route (x-powered-by and etag off, as in the
 *   reference app), the baseline;
 * - reference: the bundled reference server exactly as `startReferenceServer` builds it (file
 *   database, demo seed, the real sliding-window limiter and authentication), plus `customers`
 *   extra customers with an annual license and one token each, inserted into its database before
 *   it serves, so that protected throughput can be measured with every customer below its limit.
 *
 * With `unguarded` after the count, the bounds on connections that stop reading, the eviction at
 * the overall cap and the per-address budget of the no-customer tarpit are switched off.
 *
 * Reports `{ bare, reference, tokens, floodToken, largeProject }` over IPC, answers `{cmd: 'cpu'}`
 * with its CPU time, and stops on `{cmd: 'stop'}`.
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../reference-server/src/clock.js';
import { generateApiToken, hashApiToken } from '../../reference-server/src/domain/api-token.js';
import { seedLargeProject } from '../../reference-server/src/seed/large-project.js';
import { DEFAULT_NO_CUSTOMER_TARPIT } from '../../reference-server/src/http/no-customer-tarpit.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';

export interface BenchTargets {
  /** Origin of the bare Express app; its route is GET /hello. */
  bare: string;
  /** API base of the reference server (…/api/v2). */
  reference: string;
  /** One token per extra customer. */
  tokens: string[];
  /** A customer of its own for the flood. */
  floodToken: string;
  /** The customer of the large project (its own), whose PDFs are heavy work. */
  largeProject: { token: string; projectKey: string };
}

async function main(): Promise<void> {
  const customers = Number(process.argv[2] ?? 30_000);
  const { afterAnswers, delayMs, bytesPerDelay, quietMs } = DEFAULT_NO_CUSTOMER_TARPIT;
  const unguarded =
    process.argv[3] === 'unguarded'
      ? {
          connectionLimits: { evictWithoutCustomer: false, stalledSendTimeoutMs: 0, maxPipelinedRequests: 0, maxUnsentBytes: 0 },
          noCustomerTarpit: { afterAnswers, delayMs, bytesPerDelay, quietMs },
        }
      : {};
  const bareApp = express();
  bareApp.disable('x-powered-by');
  bareApp.set('etag', false);
  bareApp.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const bare = createServer(bareApp);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

  const tokens: string[] = [];
  let floodToken = '';
  let largeProject = { token: '', projectKey: '' };
  const reference = await startInFolder({
    prefix: 'cpf-bench-',
    ...unguarded,
    configure: (deps) => {
      const now = new Date();
      deps.store.transaction(() => {
        for (let i = 0; i <= customers; i++) {
          const id = deps.store.customers.create({ name: `Bench customer ${i}`, license: 'annual', heatpumpRight: true });
          const token = generateApiToken();
          deps.store.customers.addToken(id, hashApiToken(token), 'bench', now);
          if (i === 0) floodToken = token;
          else tokens.push(token);
        }
      });
      largeProject = seedLargeProject(deps.store, deps.clock ?? systemClock);
      return deps;
    },
  });

  const targets: BenchTargets = { bare: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`, reference: reference.baseUrl, tokens, floodToken, largeProject };
  process.send?.(targets);
  process.on('message', (message: { cmd?: string }) => {
    // CPU time of this process, so the parent can put server CPU per request next to throughput.
    if (message.cmd === 'cpu') {
      process.send?.({ cpu: process.cpuUsage() });
      return;
    }
    bare.close();
    bare.closeAllConnections();
    void reference.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(3);
});
