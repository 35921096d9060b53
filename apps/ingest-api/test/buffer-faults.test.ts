import { ApiError } from '@spanhouse/http';
import { describe, expect, it } from 'vitest';
import { GroupCommitBuffer } from '../src/buffer/group-commit.ts';
import { approxRowBytes } from '../src/buffer/row-size.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GroupCommitBuffer faults', () => {
  it('drops a batch that keeps failing once every request in it was answered 503, and goes on', async () => {
    let failing = true;
    const written: string[][] = [];
    const b = new GroupCommitBuffer<string>({
      name: 't',
      write: async (rows) => {
        if (failing) throw new Error('unknown deterministic failure');
        written.push([...rows]);
      },
      maxRows: 100,
      flushRows: 10,
      flushIntervalMs: 5,
      commitTimeoutMs: 100,
      abandonAfterMs: 300,
    });
    const err = await b.add(['poison']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('SERVICE_UNAVAILABLE');
    expect((err as ApiError).retryAfter).toBeGreaterThan(0);
    // Retries go on with backoff (100, 200, 400 ms...) until the batch is abandoned.
    await sleep(900);
    expect(b.depth).toBe(0);
    failing = false;
    await b.add(['next']);
    expect(written).toEqual([['next']]);
  });

  it('keeps retrying a failing batch while a request still waits for it', async () => {
    let calls = 0;
    const b = new GroupCommitBuffer<string>({
      name: 't',
      write: async () => {
        if (++calls < 4) throw new Error('transient');
      },
      maxRows: 100,
      flushRows: 10,
      flushIntervalMs: 5,
      commitTimeoutMs: 5_000,
      abandonAfterMs: 10,
    });
    await b.add(['a']);
    expect(calls).toBe(4);
  });

  it('refuses with 429 when the rows held would pass maxBytes, and 413 when one request alone would', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new GroupCommitBuffer<string>({
      name: 't',
      write: () => gate,
      maxRows: 1000,
      maxBytes: 10_000,
      sizeOf: approxRowBytes,
      flushRows: 1000,
      flushIntervalMs: 5,
      commitTimeoutMs: 5_000,
    });
    const first = b.add(['x'.repeat(3000)]);
    expect(b.bytes).toBeGreaterThan(6000);
    const full = await b.add(['y'.repeat(3000)]).catch((e: ApiError) => e);
    expect((full as ApiError).code).toBe('TOO_MANY_REQUESTS');
    const huge = await b.add(['z'.repeat(6000)]).catch((e: ApiError) => e);
    expect((huge as ApiError).code).toBe('PAYLOAD_TOO_LARGE');
    release();
    await first;
    expect(b.bytes).toBe(0);
  });
});

describe('approxRowBytes', () => {
  it('grows with string length and nesting', () => {
    const small = approxRowBytes({ id: 'a', n: 1 });
    const big = approxRowBytes({ id: 'a'.repeat(1000), n: 1 });
    expect(big - small).toBe(2 * 999);
    expect(approxRowBytes({ m: { a: ['x', 'y'] } })).toBeGreaterThan(approxRowBytes({ m: {} }));
  });

  it('counts encoded bytes by their length, without walking them', () => {
    const row = { bytes: Buffer.alloc(5_000_000) }; // an encoded request, as traces/encode.ts holds it
    expect(approxRowBytes(row) - approxRowBytes({ bytes: Buffer.alloc(0) })).toBe(5_000_000);
  });
});
