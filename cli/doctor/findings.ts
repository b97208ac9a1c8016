import type { Answer } from '../paced-reader.js';

/**
 * One line of `doctor`: `what` is the profile field it judges (its JSON path) or the topic. A
 * failed finding of kind 'profile' makes doctor exit 2; 'unreachable' and 'busy' (the target did
 * not answer, or someone else spends the customer's budget) exit 3.
 */
export interface Finding {
  verdict: 'ok' | 'fail' | 'skip';
  what: string;
  detail: string;
  fix?: string;
  kind?: 'profile' | 'unreachable' | 'busy';
}

export const ok = (what: string, detail: string): Finding => ({ verdict: 'ok', what, detail });
export const skip = (what: string, detail: string): Finding => ({ verdict: 'skip', what, detail });
export const wrong = (what: string, detail: string, fix: string): Finding => ({ verdict: 'fail', what, detail, fix, kind: 'profile' });

/** A 429 says nothing about the profile: the reader already waited and retried. */
export const busy = (what: string, request: string): Finding => ({
  verdict: 'fail',
  what,
  detail: `${request} answered 429 even after waiting: another client uses this customer at the same time (concurrent shards or runs against one target share its role customers, see docs/ci.md)`,
  kind: 'busy',
});

const unreachable = (what: string, request: string, err: unknown): Finding => ({
  verdict: 'fail',
  what,
  detail: `${request} failed: ${err instanceof Error ? err.message : String(err)}`,
  kind: 'unreachable',
});

/** A finding for the answer, unless it is a 429 (busy). */
export function unlessBusy(what: string, request: string, answer: Answer, judged: () => Finding): Finding {
  return answer.status === 429 ? busy(what, request) : judged();
}

/** Runs a group of checks; a request that fails outright becomes one unreachable finding of the group. */
export async function guarded(what: string, checks: () => Promise<Finding[]>): Promise<Finding[]> {
  try {
    return await checks();
  } catch (err) {
    return [unreachable(what, 'a request', err)];
  }
}

export function formatFinding(f: Finding): string {
  const mark = f.verdict === 'ok' ? 'ok  ' : f.verdict === 'fail' ? 'FAIL' : '--  ';
  return `  ${mark} ${f.what}: ${f.detail}${f.fix ? `. Fix: ${f.fix}` : ''}`;
}
