import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Answers a gateway gives when it could not get one from the target (502, 504), or none at all:
 * a read is sent again up to this many times in all before its caller takes what came. The spec's
 * table has neither status, so no check judges them. The harness's client, the CLI's preflight
 * and the statement's reads of the target follow the same policy.
 */
export const ATTEMPTS_FOR_A_READ = 3;

export function isGatewayAnswer(status: number): boolean {
  return status === 502 || status === 504;
}

/**
 * `send` again, a little over a second apart, while a gateway answers in the target's place; the
 * last answer when none of the attempts was the target's. For reads that count toward no
 * customer's limit, or that the caller paces. A `send` that gives undefined got no answer at all
 * (a dropped or refused connection it caught) and is sent again alike; one that throws leaves the
 * error to the caller.
 */
export async function readPastGateway<T extends { status: number }>(send: () => Promise<T>): Promise<T>;
export async function readPastGateway<T extends { status: number }>(send: () => Promise<T | undefined>): Promise<T | undefined>;
export async function readPastGateway<T extends { status: number }>(send: () => Promise<T | undefined>): Promise<T | undefined> {
  let answer = await send();
  for (let attempt = 2; attempt <= ATTEMPTS_FOR_A_READ && (answer === undefined || isGatewayAnswer(answer.status)); attempt++) {
    await sleep(1100);
    answer = await send();
  }
  return answer;
}
