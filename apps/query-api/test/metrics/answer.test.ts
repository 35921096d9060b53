import { describe, expect, it } from 'vitest';
import { isoWithOffset, toAnswer } from '../../src/metrics/answer.ts';
import { toGroupBuckets } from '../../src/metrics/bucket-rows.ts';
import { groupSeries, indexGroups } from '../../src/metrics/groups.ts';

const groups = groupSeries([
  { id: '1', labels: { host: 'b' } },
  { id: '2', labels: { host: 'a' } },
  { id: '3', labels: { host: 'c' } },
]);
const T = Date.UTC(2026, 0, 1) / 1000;

describe('toGroupBuckets', () => {
  it('maps a row of arrays, by series id when every group is one series', () => {
    const index = indexGroups(groups);
    expect(toGroupBuckets(['1', [T + 60, T], [2, null], '3', '1767225660500', '0'], index)).toEqual({
      group: 1,
      bucketsSec: [T + 60, T],
      values: [2, null],
      total: 3,
      latestMs: 1767225660500,
      dirty: false,
    });
    expect(toGroupBuckets(['99', [], [], 0, 0, 2], index)).toMatchObject({ group: -1, dirty: true });
    expect(() => toGroupBuckets(['1', 'x', [], 0, 0, 0], index)).toThrow(/array/);
  });
});

describe('toAnswer', () => {
  it('lists groups in order with values oldest first, leaves out empty groups and rows outside every group', () => {
    const rows = [
      { group: 2, bucketsSec: [T + 60, T], values: [2, 1], total: 2, latestMs: (T + 61) * 1000, dirty: false },
      { group: 0, bucketsSec: [T], values: [5], total: 1, latestMs: T * 1000 + 5, dirty: false },
      { group: -1, bucketsSec: [T + 120], values: [9], total: 1, latestMs: (T + 130) * 1000, dirty: false },
    ];
    expect(toAnswer(groups, rows, { truncated: false, latestMs: undefined })).toEqual({
      data: [
        { labels: { host: 'a' }, values: [{ timestamp: '2026-01-01T00:00:00.000+00:00', value: 5 }] },
        {
          labels: { host: 'c' },
          values: [
            { timestamp: '2026-01-01T00:00:00.000+00:00', value: 1 },
            { timestamp: '2026-01-01T00:01:00.000+00:00', value: 2 },
          ],
        },
      ],
      meta: { series_count: 2, truncated: false, latest_ts: '2026-01-01T00:01:01.000+00:00' },
    });
  });

  it('is truncated when a group had more buckets than it returns, or groups were cut', () => {
    const row = { group: 0, bucketsSec: [T], values: [1], total: 2, latestMs: T * 1000, dirty: false };
    expect(toAnswer(groups, [row], { truncated: false, latestMs: undefined }).meta.truncated).toBe(true);
    expect(toAnswer(groups, [], { truncated: true, latestMs: T * 1000 }).meta).toEqual({
      series_count: 0,
      truncated: true,
      latest_ts: isoWithOffset(T * 1000),
    });
    expect(toAnswer([], [], { truncated: false, latestMs: undefined }).meta).toEqual({
      series_count: 0,
      truncated: false,
    });
  });
});
