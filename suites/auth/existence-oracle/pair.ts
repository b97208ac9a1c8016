/**
 * One pair of the probe: the same request for a foreign and for a never-existing resource, sent by
 * one customer in the order foreign, missing, missing, foreign (or its mirror, drawn per pair).
 * Each arm's time is the faster of its two requests: the noise of a busy machine only ever adds
 * time, so the faster of two is far steadier than one, and the mirrored order balances any drift
 * within the pair.
 */
export interface ArmAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** From sending the request to the complete answer. */
  ms: number;
}

export const REQUESTS_PER_ARM = 2;

export interface Pair {
  index: number;
  customer: string;
  /** The order was foreign, missing, missing, foreign (else missing, foreign, foreign, missing). */
  foreignFirst: boolean;
  foreign: readonly ArmAnswer[];
  missing: readonly ArmAnswer[];
}

/** An arm's time in a pair: its faster request. */
export const armTime = (answers: readonly ArmAnswer[]): number => Math.min(...answers.map((a) => a.ms));

/** d = foreign − missing (ms), each arm by its faster request. */
export const difference = (p: Pair): number => armTime(p.foreign) - armTime(p.missing);

/** Every answer of the pair was 404: the pairs the timing and the headers are judged on. */
export const bothNotFound = (p: Pair): boolean => [...p.foreign, ...p.missing].every((a) => a.status === 404);

export function pairsCsv(pairs: readonly Pair[]): string {
  const list = (answers: readonly ArmAnswer[], f: (a: ArmAnswer) => string) => answers.map(f).join(' ');
  const rows = [...pairs]
    .sort((x, y) => x.index - y.index)
    .map((p) =>
      [
        p.index,
        p.customer,
        p.foreignFirst ? 'foreign' : 'missing',
        list(p.foreign, (a) => String(a.status)),
        list(p.missing, (a) => String(a.status)),
        list(p.foreign, (a) => a.ms.toFixed(3)),
        list(p.missing, (a) => a.ms.toFixed(3)),
        bothNotFound(p) ? difference(p).toFixed(3) : '',
      ].join(','),
    );
  return ['pair,customer,first,foreign_statuses,missing_statuses,foreign_ms,missing_ms,difference_ms', ...rows].join('\n');
}
