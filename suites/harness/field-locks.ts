/**
 * Per-worker locks so concurrent checks of one file never race on one field of one project or
 * room (checks of a file run concurrently and share a project per leased customer). One worker
 * runs one file, so the module state is exactly the file's.
 */
const tails = new Map<string, Promise<void>>();

async function acquire(name: string): Promise<() => void> {
  const previous = tails.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(name, tail);
  await previous;
  return () => {
    release();
    if (tails.get(name) === tail) tails.delete(name);
  };
}

/** Runs `fn` holding every named lock; locks are taken in sorted order, so there is no deadlock. */
export async function withLocks<T>(names: readonly string[], fn: () => Promise<T>): Promise<T> {
  const releases: (() => void)[] = [];
  try {
    for (const name of [...new Set(names)].sort()) releases.push(await acquire(name));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

/** Lock names of fields of one project or room (`owner` is its key or id). */
export const fieldLocks = (owner: string, fields: readonly string[]) => fields.map((field) => `${owner.toLowerCase()}/${field}`);
