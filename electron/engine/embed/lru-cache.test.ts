import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('evicts the least recently used entry, where a read counts as a use', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now newer than b
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('overwriting a key refreshes it and keeps the size', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(10);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('counts hits and misses', () => {
    const cache = new LruCache<string, number>(1);
    cache.get('x');
    cache.set('x', 1);
    cache.get('x');
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('a zero capacity caches nothing, and a bad capacity is refused', () => {
    const cache = new LruCache<string, number>(0);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
    expect(() => new LruCache(-1)).toThrow(/non-negative/);
    expect(() => new LruCache(1.5)).toThrow(/non-negative/);
  });
});
