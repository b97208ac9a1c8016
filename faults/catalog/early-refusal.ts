import type { PassiveExpectation } from '../fault.js';

/**
 * A fault that refuses a large body with 413 before reading it, and closes the connection: the
 * unread bytes make the close a reset, which may throw the answer away on the wire before the
 * recording proxy reads it, and a request the proxy got no answer to is judged by no rule of an
 * answer. The refusals its checks' traffic holds may all be lost so (one fault run in five lost
 * the only one of a sweep's).
 */
export function earlyRefusal(rule: string): PassiveExpectation {
  return {
    unseen: {
      [rule]: 'the faulted server answers 413 and closes the connection before reading the 64 KiB body: the reset its unread bytes cause may lose the answer on the wire before the recording proxy reads it',
    },
  };
}
