import { setTimeout as sleep } from 'node:timers/promises';
import { UsageError } from '../../cli/command-line/usage.js';

/** An ISO 8601 moment with its zone: a time without one reads differently on every machine of a swarm. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const FROM_NOW = /^\+(\d+(?:\.\d+)?)s?$/;
const EXAMPLE = "e.g. --start-at \"$(date -u -d '+2 min' +%Y-%m-%dT%H:%M:%SZ)\", or --start-at +120 (seconds from now)";

/**
 * `--start-at`: the moment the arrivals begin, in ms since the epoch, so that shards started at
 * different moments (replicas of a swarm service, pods of a Job) load the target together. A
 * moment that has passed is refused: a shard starting late would load the target alone and its
 * merged figures would not be the population's.
 */
export function parseStartAt(value: string, nowMs: number): number {
  const relative = FROM_NOW.exec(value);
  const at = relative ? nowMs + Number(relative[1]) * 1000 : MOMENT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) throw new UsageError(`--start-at '${value}' is not a moment with its time zone. Fix: ISO 8601 with Z or an offset, ${EXAMPLE}`);
  if (at <= nowMs) throw new UsageError(`--start-at ${value}: that moment passed ${((nowMs - at) / 1000).toFixed(1)} s ago. Fix: a moment after every shard has started and prepared, ${EXAMPLE}`);
  return at;
}

/** Waits for the moment, saying how long; refused when preparing took past it. */
export async function waitForStart(startAt: number, log: (line: string) => void, now: () => number = Date.now): Promise<void> {
  const wait = startAt - now();
  const moment = new Date(startAt).toISOString();
  if (wait < 0) throw new UsageError(`--start-at ${moment} passed ${(-wait / 1000).toFixed(1)} s ago while this shard prepared (customers, projects). Fix: a later moment, leaving the preparation's time, ${EXAMPLE}`);
  log(`waiting ${(wait / 1000).toFixed(1)} s for --start-at ${moment}, when every shard begins`);
  await sleep(wait);
}
