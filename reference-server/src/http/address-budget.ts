/**
 * A token bucket per remote address, in units of answer weight (no-customer-tarpit.ts): it fills
 * at `unitsPerSecond` up to `burstUnits`; what an address spends beyond is debt, and a request
 * meeting debt waits until it is paid off, at most `maxDelayMs` (debt is capped at that much
 * refill, so an address that stops recovers within it).
 */
export interface AddressBudget {
  unitsPerSecond: number;
  burstUnits: number;
  maxDelayMs: number;
}

export interface AddressBudgets {
  /** How long a request from `address` should wait now. */
  delayMs(address: string, nowMs: number): number;
  spend(address: string, units: number, nowMs: number): void;
}

interface Bucket {
  level: number;
  atMs: number;
}

/**
 * Buckets are kept in order of last use; each use drops the least recently used one if it has
 * filled up again, so the map holds about the addresses active within the last burst's refill.
 */
export function createAddressBudgets(budget: AddressBudget): AddressBudgets {
  const buckets = new Map<string, Bucket>();
  const floor = -(budget.unitsPerSecond * budget.maxDelayMs) / 1000;
  const refilled = (bucket: Bucket, nowMs: number) => Math.min(budget.burstUnits, bucket.level + ((nowMs - bucket.atMs) / 1000) * budget.unitsPerSecond);

  const touch = (address: string, nowMs: number): Bucket => {
    const bucket = buckets.get(address) ?? { level: budget.burstUnits, atMs: nowMs };
    bucket.level = refilled(bucket, nowMs);
    bucket.atMs = nowMs;
    buckets.delete(address);
    buckets.set(address, bucket);
    const [oldest, oldestBucket] = buckets.entries().next().value ?? [];
    if (oldest !== undefined && oldest !== address && oldestBucket !== undefined && refilled(oldestBucket, nowMs) >= budget.burstUnits) buckets.delete(oldest);
    return bucket;
  };

  return {
    delayMs(address, nowMs) {
      const bucket = touch(address, nowMs);
      return bucket.level >= 0 ? 0 : Math.ceil((-bucket.level / budget.unitsPerSecond) * 1000);
    },
    spend(address, units, nowMs) {
      const bucket = touch(address, nowMs);
      bucket.level = Math.max(floor, bucket.level - units);
    },
  };
}
