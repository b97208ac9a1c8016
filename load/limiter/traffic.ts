import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { exponentialGap } from '../seeded-random.js';
import { addressOf, undiciFrom } from '../source-addresses.js';
import type { LoadTarget } from '../target.js';
import { connectFrom } from './autocannon-source.js';
import { NEVER_READ, type Recorder, type Source } from './recorder.js';

/**
 * Both clients give up on an answer after this long (recorded as unknown outcome): a target that
 * holds requests back instead of refusing them must not stretch the run.
 */
const ANSWER_TIMEOUT_S = 10;

/** What every client of the run sends to and records into. */
export interface Traffic {
  target: LoadTarget;
  recorder: Recorder;
  paths: string[];
  connections: number;
  /**
   * `--source-addresses`: a flood's connection c leaves from address c mod n; the lone client and
   * the edge probes count on as clients `connections` and `connections + 1`.
   */
  sourceAddresses?: readonly string[] | undefined;
}

/** One answer as a client saw it: when it arrived (or the client gave up) and its status (0: none). */
export interface Answer {
  receivedAt: number;
  status: number;
}

function tokenRotation(tokens: readonly string[], paths: readonly string[]) {
  let n = 0;
  return () => {
    n += 1;
    return { authorization: `Bearer ${tokens[n % tokens.length] as string}`, path: paths[Math.floor(n / tokens.length) % paths.length] as string };
  };
}

/** One flood of all connections until `stop()` (or `durationSeconds`); resolves when every connection is closed. */
export function flood(t: Traffic, durationSeconds?: number): { stop(): void; done: Promise<void> } {
  const next = tokenRotation(t.target.tokens, t.paths);
  let clients = 0;
  const outstanding: { sentAt: number }[] = [];
  let settle: (err: unknown) => void = () => {};
  const done = new Promise<void>((resolveDone, reject) => {
    settle = (err) => {
      // Connections closed at the stop may have carried a request the target still decided.
      const now = performance.now();
      for (const s of outstanding) if (s.sentAt >= 0) t.recorder.add(s.sentAt, NEVER_READ, 0, 0, now);
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolveDone();
    };
  });
  const options: autocannon.Options = {
    url: new URL(t.target.baseUrl).origin,
    connections: t.connections,
    pipelining: 1,
    duration: durationSeconds ?? 3600,
    sampleInt: 50,
    timeout: ANSWER_TIMEOUT_S,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const { authorization, path } = next();
          return { ...req, path, headers: { ...req.headers, authorization } };
        },
      },
    ],
    setupClient: (client) => {
      if (t.sourceAddresses) connectFrom(client, addressOf(t.sourceAddresses, clients));
      clients += 1;
      const state = { sentAt: -1 };
      outstanding.push(state);
      (client as NodeJS.EventEmitter).on('request', () => {
        const now = performance.now();
        // A request still open here was lost to a timeout or reconnect: it may have been decided.
        if (state.sentAt >= 0) t.recorder.add(state.sentAt, NEVER_READ, 0, 0, now);
        state.sentAt = now;
      });
      client.on('response', (status: number) => {
        t.recorder.add(state.sentAt, performance.now(), status, 0);
        state.sentAt = -1;
      });
    },
  };
  const instance = autocannon(options, (err) => settle(err));
  return { stop: () => instance.stop(), done };
}

/** A client outside autocannon: sends one request, records it, returns its receipt (or the bound of an unknown outcome). */
export function recordingClient(t: Traffic, tokens: readonly string[], source: Exclude<Source, 0>) {
  const from = t.sourceAddresses ? undiciFrom(addressOf(t.sourceAddresses, t.connections + source - 1)) : {};
  const agent = new Agent({ ...from, connections: 2, keepAliveTimeout: 10_000, headersTimeout: ANSWER_TIMEOUT_S * 1000, bodyTimeout: ANSWER_TIMEOUT_S * 1000 });
  const next = tokenRotation(tokens, t.paths);
  const origin = new URL(t.target.baseUrl).origin;
  return {
    async send(): Promise<Answer> {
      const { authorization, path } = next();
      const sentAt = performance.now();
      try {
        const res = await request(`${origin}${path}`, { headers: { authorization }, dispatcher: agent });
        await res.body.dump();
        const receivedAt = performance.now();
        t.recorder.add(sentAt, receivedAt, res.statusCode, source);
        return { receivedAt, status: res.statusCode };
      } catch {
        const gaveUpAt = performance.now();
        t.recorder.add(sentAt, NEVER_READ, 0, source, gaveUpAt);
        return { receivedAt: gaveUpAt, status: 0 };
      }
    },
    close: () => agent.close(),
  };
}

/** One client, one request at a time, exponential pauses (mean `meanMs`), until `until`. */
export async function singles(t: Traffic, random: () => number, until: number, meanMs: number): Promise<void> {
  const client = recordingClient(t, [...t.target.tokens].reverse(), 1);
  try {
    while (performance.now() < until) {
      await sleep(exponentialGap(random, meanMs));
      await client.send();
    }
  } finally {
    await client.close();
  }
}
