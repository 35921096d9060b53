import { ClickHouseError } from '@clickhouse/client';
import { ApiError } from '@spanhouse/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPermanentInsertError } from '../src/buffer/errors.ts';
import { GroupCommitBuffer } from '../src/buffer/group-commit.ts';

type Write = (rows: number[]) => Promise<void>;

function buffer(write: Write, over: Partial<ConstructorParameters<typeof GroupCommitBuffer<number>>[0]> = {}) {
  return new GroupCommitBuffer<number>({
    name: 'test',
    write,
    maxRows: 100,
    flushRows: 10,
    flushIntervalMs: 20,
    commitTimeoutMs: 2_000,
    isPermanent: isPermanentInsertError,
    ...over,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GroupCommitBuffer', () => {
  it('resolves requests only after their rows are written, sharing one insert', async () => {
    const writes: number[][] = [];
    const b = buffer(async (rows) => {
      await sleep(5);
      writes.push([...rows]);
    });
    let resolved = 0;
    const adds = [b.add([1, 2]), b.add([3]), b.add([4, 5])].map((p) => p.then(() => resolved++));
    expect(resolved).toBe(0);
    await Promise.all(adds);
    expect(writes).toEqual([[1, 2, 3, 4, 5]]);
    expect(b.depth).toBe(0);
  });

  it('flushes at once when flushRows wait, without waiting for the interval', async () => {
    const writes: number[][] = [];
    const b = buffer(async (rows) => void writes.push([...rows]), { flushIntervalMs: 60_000 });
    await b.add(Array.from({ length: 10 }, (_, i) => i));
    expect(writes).toHaveLength(1);
  });

  it('refuses with 429 + Retry-After when full, and 413 when a request can never fit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = buffer(() => gate, { maxRows: 5 });
    const first = b.add([1, 2, 3, 4]);
    const refused = await b.add([5, 6]).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await b.add(Array(6).fill(0)).catch((e) => e)).code).toBe('PAYLOAD_TOO_LARGE');
    release();
    await first;
    await expect(b.add([5, 6])).resolves.toBeUndefined();
  });

  it('retries failing writes, answers 503 after the deadline, and recovers without losing rows', async () => {
    let failing = true;
    const stored: number[] = [];
    const b = buffer(
      async (rows) => {
        if (failing) throw new Error('connection refused');
        stored.push(...rows);
      },
      { commitTimeoutMs: 150 },
    );
    const err = await b.add([1, 2]).catch((e) => e);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(b.unhealthy).toBe(true);
    failing = false;
    // The held rows are retried (with backoff) and committed without any new request.
    while (b.depth > 0) await sleep(20);
    expect(stored).toEqual([1, 2]);
    await b.add([3]);
    expect(stored.sort()).toEqual([1, 2, 3]);
    expect(b.unhealthy).toBe(false);
  });

  it('a permanent error fails only the request that carried the bad rows', async () => {
    const stored: number[] = [];
    const b = buffer(async (rows) => {
      if (rows.includes(666))
        throw new ClickHouseError({
          message: 'Cannot parse input',
          code: '27',
          type: 'CANNOT_PARSE_INPUT_ASSERTION_FAILED',
        });
      stored.push(...rows);
    });
    const results = await Promise.allSettled([b.add([1]), b.add([666, 2]), b.add([3])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as ApiError).code).toBe('INTERNAL_ERROR');
    expect(stored.sort()).toEqual([1, 3]);
  });

  it('close() writes everything held, then refuses new rows with 503', async () => {
    const stored: number[] = [];
    const b = buffer(async (rows) => void stored.push(...rows), { flushIntervalMs: 60_000 });
    const pending = b.add([1, 2, 3]);
    expect(await b.close()).toBe(true);
    await pending;
    expect(stored).toEqual([1, 2, 3]);
    expect((await b.add([4]).catch((e) => e)).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('counts table rows, not items, when an item is a chunk of rows (countOf)', async () => {
    // Each item n stands for n rows, as a pre-encoded chunk of samples does.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const writes: number[][] = [];
    const b = buffer(
      async (rows) => {
        writes.push([...rows]);
        await gate;
      },
      { flushIntervalMs: 60_000, countOf: (n) => n },
    );
    const first = b.add([6]);
    expect(writes).toEqual([]); // 6 rows wait: below flushRows (10)
    const second = b.add([4]); // 10 rows: flushes at once, one item per request
    expect(writes).toEqual([[6, 4]]);
    expect(b.depth).toBe(10);
    expect((await b.add([95]).catch((e) => e)).code).toBe('TOO_MANY_REQUESTS'); // 105 of 100
    expect((await b.add([101]).catch((e) => e)).code).toBe('PAYLOAD_TOO_LARGE');
    release();
    await Promise.all([first, second]);
    expect(b.depth).toBe(0);
  });
});

describe('GroupCommitBuffer flush timing', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a request after a quiet spell at once, and spaces the next inserts by the interval', async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const b = buffer(async (rows) => void writes.push([...rows]), { flushIntervalMs: 1_000 });
    const first = b.add([1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([[1]]);
    await first;
    // Steady traffic: rows gather until an interval after the previous insert began.
    const later = [b.add([2]), b.add([3])];
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(later);
    expect(writes).toEqual([[1], [2, 3]]);
    // After another quiet interval, the next request again goes straight out.
    await vi.advanceTimersByTimeAsync(5_000);
    const after = b.add([4]);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([[1], [2, 3], [4]]);
    await after;
  });
});

describe('isPermanentInsertError on the embedded engine', () => {
  it('recognises the ClickHouseError chDB throws (another copy of the class) by its code', async () => {
    const { openTestDb } = await import('@spanhouse/db/testing');
    const db = await openTestDb('permanent_errors');
    try {
      await db.writer.command({ query: "CREATE TABLE t (ts DateTime64(6, 'UTC')) ENGINE = MergeTree ORDER BY ts" });
      const err = await db.writer
        .insert({ table: 't', values: [{ ts: 'not a time' }], format: 'JSONEachRow' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(isPermanentInsertError(err)).toBe(true);
      expect(isPermanentInsertError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(false);
      // The raw insert behind Db.insertText throws chDB's own error class.
      const raw = await db
        .insertText({ table: 't', columns: ['ts'], format: 'TabSeparated', text: 'not a time\n' })
        .catch((e: unknown) => e);
      expect(raw).toBeInstanceOf(Error);
      expect(isPermanentInsertError(raw)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
