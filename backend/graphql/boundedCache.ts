// A cache bounded by entry count and by a total cost (an estimate of the memory an entry holds),
// oldest entries evicted first. The engine's caches key on client text: without a cost bound a
// client could fill the heap with a thousand documents of a few hundred thousand tokens each.
export class BoundedCache<V> {
  private entries = new Map<string, { value: V; cost: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxCost: number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores the value unless its cost alone is over a tenth of the budget. */
  set(key: string, value: V, cost: number): void {
    if (cost > this.maxCost / 10) return;
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.cost;
      this.entries.delete(key);
    }
    while (this.entries.size && (this.entries.size >= this.maxEntries || this.total + cost > this.maxCost)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, { cost: number }];
      this.entries.delete(oldestKey);
      this.total -= oldest.cost;
    }
    this.entries.set(key, { value, cost });
    this.total += cost;
  }

  get size(): number {
    return this.entries.size;
  }

  get cost(): number {
    return this.total;
  }
}

/**
 * Roughly the number of GraphQL tokens in a text: parsed, each costs about half a kilobyte of
 * syntax tree, whatever the text's length (`{ a a a ... }` is 2 characters a token).
 */
export function tokenEstimate(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Count the starts of names and numbers, and every punctuator.
    const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (word) {
      const p = i > 0 ? text.charCodeAt(i - 1) : 32;
      const prevWord = (p >= 48 && p <= 57) || (p >= 65 && p <= 90) || (p >= 97 && p <= 122) || p === 95;
      if (!prevWord) n++;
    } else if (c > 32 && c !== 44) n++;
  }
  return n;
}
