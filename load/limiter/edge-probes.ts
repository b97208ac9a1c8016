import { setTimeout as sleep } from 'node:timers/promises';
import { recordingClient, type Answer, type Traffic } from './traffic.js';

type Send = () => Promise<Answer>;

async function at(time: number): Promise<void> {
  await sleep(time - performance.now());
}

/** A pair, then a third request `gapMs` after both were answered. */
function thirdAfterPair(gapMs: number) {
  return {
    name: `third +${gapMs} ms after a pair`,
    async run(send: Send) {
      const pair = await Promise.all([send(), send()]);
      if (pair.some((p) => p.status === 0)) return 0;
      await at(Math.max(...pair.map((p) => p.receivedAt)) + gapMs);
      return (await send()).status;
    },
  };
}

/**
 * Quiet probes of the window's edges, each starting on an idle customer and returning the status
 * of its last request, which a sliding second refuses (0 as soon as a request went unanswered:
 * the phase stops there rather than wait out more timeouts). A third request `gapMs` after a pair's
 * answers is admitted by a shorter window (limiter-window-850 / -950, and a token bucket); after
 * hits at 0 and 0.9 s, one more than a second after the first one's answer and a fourth right
 * after it are both admitted by windows that restart at the first hit (limiter-fixed-window).
 */
export const EDGE_PROBES: { name: string; run(send: Send): Promise<number> }[] = [
  thirdAfterPair(960),
  {
    name: 'fourth after 0, 0.9, 1.02 s',
    async run(send: Send) {
      const first = await send();
      if (first.status === 0) return 0;
      await at(first.receivedAt + 900);
      if ((await send()).status === 0) return 0;
      await at(first.receivedAt + 1020);
      if ((await send()).status === 0) return 0;
      return (await send()).status;
    },
  },
  thirdAfterPair(870),
];

/** The last part of the run that belongs to the edge probes. */
export const EDGE_PHASE_MS = 10_000;

export interface EdgeProbeRun {
  name: string;
  status: number;
}

/**
 * The edge probes in turn, with nothing else sending, each once the customer's window is empty.
 * Floods answer slowly, so a third admitted by a window of 950 ms is rarely provable there (the
 * proof needs the three decided within a second: latest receipt minus earliest send); here the
 * round trips are short, and the verdict comes from the same proofs as the rest of the run.
 */
export async function edgeProbes(t: Traffic, until: number): Promise<EdgeProbeRun[]> {
  const client = recordingClient(t, t.target.tokens, 2);
  const done: EdgeProbeRun[] = [];
  try {
    for (;;) {
      const probe = EDGE_PROBES[done.length % EDGE_PROBES.length] as (typeof EDGE_PROBES)[number];
      const idleAt = Math.max(t.recorder.lastCountedAt + 1050, performance.now());
      if (idleAt + 1200 > until) break;
      await at(idleAt);
      const status = await probe.run(() => client.send());
      done.push({ name: probe.name, status });
      if (status === 0) break;
    }
  } finally {
    await client.close();
  }
  return done;
}
