import { describe, expect, it } from 'vitest';
import { RecentMisses } from '../../src/traces/recent-misses.ts';

describe('RecentMisses', () => {
  it('lists an id per project until its time is up', () => {
    let now = 1_000;
    const misses = new RecentMisses(10, 60_000, () => now);
    misses.add('p1', 'trace-a');
    expect(misses.has('p1', 'trace-a')).toBe(true);
    expect(misses.has('p2', 'trace-a')).toBe(false);
    now += 59_999;
    expect(misses.has('p1', 'trace-a')).toBe(true);
    now += 1;
    expect(misses.has('p1', 'trace-a')).toBe(false);
    // An expired entry is dropped when it is looked up.
    expect(misses.size).toBe(0);
  });

  it('forgets an id once it is found', () => {
    const misses = new RecentMisses();
    misses.add('p', 'x');
    misses.delete('p', 'x');
    expect(misses.has('p', 'x')).toBe(false);
  });

  it('keeps at most its capacity, dropping the oldest first', () => {
    const misses = new RecentMisses(3);
    for (const id of ['a', 'b', 'c']) misses.add('p', id);
    // Added again: now the newest, so the next one over capacity drops 'b'.
    misses.add('p', 'a');
    misses.add('p', 'd');
    expect(misses.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].filter((id) => misses.has('p', id))).toEqual(['a', 'c', 'd']);
  });
});
