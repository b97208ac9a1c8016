import { percentileMs } from './histograms.js';
import { OPERATIONS } from './operations.js';
import type { Recorder } from './recorder.js';

/** One console line every `everyMs` while the run goes: elapsed, sent, p99 so far, errors, 429s. */
export function startProgress(o: { recorder: Recorder; sent: () => number; inFlight: () => number; startedAt: number; durationSeconds: number; everyMs?: number; log?: (line: string) => void }): () => void {
  const log = o.log ?? console.log;
  const timer = setInterval(() => {
    const { stats } = o.recorder;
    const elapsed = (performance.now() - o.startedAt) / 1000;
    let p99 = 0;
    for (const op of OPERATIONS) p99 = Math.max(p99, percentileMs(stats.endpoints[op].latency, 99));
    const sent = o.sent();
    log(
      `  ${elapsed.toFixed(0).padStart(4)} s / ${o.durationSeconds} s  sent ${sent.toLocaleString('en-US')} (${(sent / Math.max(elapsed, 0.001)).toFixed(0)}/s)  in flight ${o.inFlight()}  worst endpoint p99 so far ${p99.toFixed(1)} ms  errors ${o.recorder.errors}  429 within budget ${stats.refusals.paced}, to flooders ${o.recorder.floodRefused}`,
    );
  }, o.everyMs ?? 5000);
  timer.unref();
  return () => clearInterval(timer);
}
