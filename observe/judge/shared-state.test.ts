import { describe, expect, it } from 'vitest';
import { sharedState, sharedStore } from './shared-state.js';

describe('sharedStore', () => {
  const counter = sharedState(() => ({ count: 0 }));

  it('hands every asker of one store the same instance, made once', () => {
    const shared = sharedStore();
    shared(counter).count++;
    expect(shared(counter).count).toBe(1);
  });

  it('keeps the instances of two stores apart', () => {
    const one = sharedStore();
    const other = sharedStore();
    one(counter).count++;
    expect(other(counter).count).toBe(0);
  });
});
