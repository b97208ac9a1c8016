import { request } from 'node:http';
import { inject } from 'vitest';
import { readRunEnv } from '../../harness-core/run-env.js';

/**
 * Setup file of the conformance run: a worker's first file loads the modules every check uses
 * (harness, HTTP client, contract schemas) still in the start turn the worker was started in
 * (threads-in-turns.ts, harness-core/startup-turns.ts), and gives the turn back after. Workers
 * loading all at once share the cores until the last is done, so no check would send before all
 * had loaded; in turns, the first files start after their own load. Plain node:http here: the
 * pacer client itself is among what loads in the turn.
 */
function post(url: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const worker = globalThis as { cpfWarm?: boolean };
if (!worker.cpfWarm) {
  worker.cpfWarm = true;
  const turn = readRunEnv('startupTurn');
  try {
    await import('./check.js');
  } finally {
    if (turn !== undefined) await post(`${inject('cpfTarget').pacerUrl}/startup-done`, { turn });
  }
}
