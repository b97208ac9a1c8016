/**
 * The scheduler's queue: customer ids ordered by their next due time. A binary heap on two
 * parallel arrays: ten thousand customers cost one push and one pop per request and no
 * allocation per entry.
 */
export class DueHeap {
  private ids: number[] = [];
  private dues: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  /** Due time of the earliest entry; Infinity when empty. */
  peekDue(): number {
    return this.dues[0] ?? Infinity;
  }

  push(id: number, due: number): void {
    let i = this.ids.length;
    this.ids.push(id);
    this.dues.push(due);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.dues[parent] as number) <= due) break;
      this.ids[i] = this.ids[parent] as number;
      this.dues[i] = this.dues[parent] as number;
      i = parent;
    }
    this.ids[i] = id;
    this.dues[i] = due;
  }

  /** Removes the earliest entry; call only when size > 0. */
  pop(): { id: number; due: number } {
    const top = { id: this.ids[0] as number, due: this.dues[0] as number };
    const lastId = this.ids.pop() as number;
    const lastDue = this.dues.pop() as number;
    const n = this.ids.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && (this.dues[right] as number) < (this.dues[left] as number) ? right : left;
        if ((this.dues[child] as number) >= lastDue) break;
        this.ids[i] = this.ids[child] as number;
        this.dues[i] = this.dues[child] as number;
        i = child;
      }
      this.ids[i] = lastId;
      this.dues[i] = lastDue;
    }
    return top;
  }
}
