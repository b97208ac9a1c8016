/** A short random marker for values that must be recognisable in a read-back. */
export function marker(): string {
  return Math.random().toString(36).slice(2, 10);
}
