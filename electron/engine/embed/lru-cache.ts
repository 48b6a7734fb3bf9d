// A small least-recently-used map for query embeddings: agents repeat queries, and a query
// embedding through onnxruntime costs far more than a Map lookup. A JS Map keeps insertion
// order, so re-inserting on every hit makes its first key the least recently used one.
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  private hitCount = 0;
  private missCount = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new Error(`LRU capacity must be a non-negative integer, got ${capacity}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get stats(): { hits: number; misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) {
      this.missCount++;
      return undefined;
    }
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.hitCount++;
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    if (this.capacity === 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
