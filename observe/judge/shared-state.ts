import type { ExchangeView } from './exchange-view.js';

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

/**
 * What a shared state made of the exchange handed over last: the judges that share it hand each
 * exchange over in turn, and only the first hand-over does the work (recording it, say); the
 * others get what that gave.
 */
export class HandedOver<T> {
  #x: ExchangeView | undefined;
  #value: T | undefined;

  /** `work(x)` when `x` is not the exchange handed over last, else what it gave then. */
  of(x: ExchangeView, work: (x: ExchangeView) => T): T {
    if (x !== this.#x) {
      this.#x = x;
      this.#value = work(x);
    }
    return this.#value as T;
  }

  /** Whether `x` is the exchange handed over last. */
  isLast(x: ExchangeView | undefined): boolean {
    return x === this.#x;
  }

  /** What the work made of the exchange handed over last (undefined before the first). */
  get last(): T | undefined {
    return this.#value;
  }
}
