import { resolve } from 'node:path';
import { recordingTarget } from '../../cli/observe/recording-target.js';

/** The recording proxy of `--record FILE` in front of the target. */
export interface SimulationRecording {
  /** The exchange log, absolute. */
  file: string;
  /** The target's own base URL. */
  upstream: string;
  /** Where the simulator sends its requests instead: the proxy, with the target's path. */
  baseUrl: string;
  /** Stops the proxy once its exchanges in flight are answered and ends the log; once, however often called. */
  close(): Promise<void>;
}

/**
 * Starts the recording proxy of the conformance run's `--record` in this process: every request of
 * the run (the setup's too) goes through it, and every exchange to FILE, which the passive judge
 * reads. The proxy shares the load process's event loop, so the load side's ceiling is lower.
 */
export async function startRecording(upstream: string, file: string): Promise<SimulationRecording> {
  const path = resolve(file);
  const proxied = await recordingTarget({ baseUrl: upstream, close: async () => {} }, path, 'cpf-conformance load:simulate --record');
  let closing: Promise<void> | undefined;
  return { file: path, upstream, baseUrl: proxied.baseUrl, close: () => (closing ??= proxied.close()) };
}
