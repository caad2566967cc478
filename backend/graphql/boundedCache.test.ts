import { describe, expect, it } from 'vitest';
import { BoundedCache, tokenEstimate } from './boundedCache';

describe('bounded cache', () => {
  it('evicts the oldest entries to stay within its entry count and its total cost', () => {
    const c = new BoundedCache<number>(3, 100);
    c.set('a', 1, 10);
    c.set('b', 2, 10);
    c.set('c', 3, 10);
    c.set('d', 4, 10);
    expect([c.get('a'), c.get('b'), c.get('d')]).toEqual([undefined, 2, 4]);
    c.set('e', 5, 9);
    c.set('f', 6, 9);
    expect(c.size).toBeLessThanOrEqual(3);
    expect(c.cost).toBeLessThanOrEqual(100);
  });

  it('never holds more than its cost budget, and skips entries over a tenth of it', () => {
    const c = new BoundedCache<string>(1000, 1000);
    for (let i = 0; i < 500; i++) c.set(`k${i}`, 'v', 1 + (i % 90));
    expect(c.cost).toBeLessThanOrEqual(1000);
    c.set('huge', 'v', 101);
    expect(c.get('huge')).toBeUndefined();
  });

  it('estimates tokens, not characters: a run of one-letter fields counts every field', () => {
    expect(tokenEstimate('{ a a a }')).toBe(5);
    expect(tokenEstimate('query Q($id: uuid!) { users(where: {id: {_eq: $id}}) { displayName } }')).toBe(29);
    expect(tokenEstimate(`{${' a'.repeat(30_000)}}`)).toBe(30_002);
  });
});
