/**
 * Answers a gateway gives when it could not get one from the target (502, 504), or none at all:
 * a read is sent again up to this many times in all before its caller takes what came. The spec's
 * table has neither status, so no check judges them. The harness's client and the CLI's preflight
 * follow the same policy.
 */
export const ATTEMPTS_FOR_A_READ = 3;

export function isGatewayAnswer(status: number): boolean {
  return status === 502 || status === 504;
}
