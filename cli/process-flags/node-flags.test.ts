import { describe, expect, it } from 'vitest';
import { FILE_OBSERVE_NODE_FLAGS, LIVE_OBSERVE_NODE_FLAGS, missingNodeFlags, nodeFlagsFor } from './node-flags.js';

describe('nodeFlagsFor', () => {
  it('gives observe --listen and observe from files their flags, every other command none', () => {
    expect(nodeFlagsFor(['observe', '--listen', '8081', '--upstream', 'http://127.0.0.1:8080'])).toEqual(LIVE_OBSERVE_NODE_FLAGS);
    expect(nodeFlagsFor(['observe', '--upstream', 'http://127.0.0.1:8080', '--listen=8081'])).toEqual(LIVE_OBSERVE_NODE_FLAGS);
    expect(nodeFlagsFor(['observe', '--har', 'traffic.har'])).toEqual(FILE_OBSERVE_NODE_FLAGS);
    expect(nodeFlagsFor(['observe', '--log', 'exchanges.jsonl'])).toEqual(FILE_OBSERVE_NODE_FLAGS);
    expect(nodeFlagsFor(['run', '--har', 'traffic.har'])).toEqual([]);
    expect(nodeFlagsFor(['--listen', '8081'])).toEqual([]);
    expect(nodeFlagsFor([])).toEqual([]);
  });

  it('names the flags the process lacks', () => {
    expect(missingNodeFlags(['--single-threaded-gc'], ['--import', 'tsx'])).toEqual(['--single-threaded-gc']);
    expect(missingNodeFlags(['--single-threaded-gc'], ['--import', 'tsx', '--single-threaded-gc'])).toEqual([]);
  });
});
