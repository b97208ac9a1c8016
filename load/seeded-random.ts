/**
 * Seeded randomness of the load tools (load:simulate's arrival times and operation mix,
 * load:limiter's bursts and pauses), so a run can be repeated with `--seed`. SplitMix32: tiny, fast, and its streams are far better than the timing noise of a
 * real target.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/**
 * The stream of one customer of a population: its arrivals and operations then depend on the seed
 * and its place in the whole population only, so a shard plans for its customers exactly what one
 * process running the whole population plans for them. The key is hashed (MurmurHash3's
 * finaliser): SplitMix32 states a fixed step apart would give shifted copies of one stream.
 */
export function streamOf(seed: number, key: number): () => number {
  const mix = (x: number) => {
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  return seededRandom(mix((seed ^ mix(key + 0x9e3779b9)) >>> 0));
}

/** A gap of a Poisson process with the given mean. */
export function exponentialGap(random: () => number, meanMs: number): number {
  return -Math.log(1 - random()) * meanMs;
}

/** A seed for a run that names none; the tools print it, so the run can be repeated. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
