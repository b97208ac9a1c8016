import type { Log } from '../log.js';

/**
 * A log line for events that come in floods (connections closed for the same reason): the first
 * one at once, the rest counted and logged as one line per `everyMs`, so an attack costs a few
 * lines rather than one per connection.
 */
export function summarizedLog(log: Log, everyMs: number, line: (count: number) => string): () => void {
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (pending === 0) return;
    log(line(pending), 'info');
    pending = 0;
    timer = setTimeout(flush, everyMs);
    timer.unref();
  };
  return () => {
    pending += 1;
    if (timer === undefined) flush();
  };
}
