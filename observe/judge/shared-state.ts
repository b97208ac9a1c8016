/**
 * State several judges keep alike, fed with the same exchanges: kept once per observation and
 * handed to each judge that asks (`JudgeContext.shared`), rather than a copy per judge.
 */
export interface SharedState<T> {
  readonly make: () => T;
}

/** A kind of shared state; made once, at the top of its module (the key its instances are found by). */
export function sharedState<T>(make: () => T): SharedState<T> {
  return { make };
}

/** The shared states of one observation: each made on the first ask, then handed out as it is. */
export function sharedStore(): <T>(state: SharedState<T>) => T {
  const made = new Map<SharedState<unknown>, unknown>();
  return <T>(state: SharedState<T>): T => {
    if (made.has(state)) return made.get(state) as T;
    const value = state.make();
    made.set(state, value);
    return value;
  };
}
