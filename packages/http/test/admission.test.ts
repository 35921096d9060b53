import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { Admission, admissionTicket, admit } from '../src/admission.ts';
import { onError } from '../src/errors.ts';
import { createLogger } from '../src/logging.ts';
import { readBody } from '../src/read-body.ts';

const MiB = 1024 * 1024;

describe('Admission', () => {
  it('admits within the byte budget, refuses past it, and takes requests again once bytes are released', () => {
    const a = new Admission({ maxBytes: 10 * MiB, maxQueueMs: 60_000 });
    const first = a.admit(6 * MiB);
    expect(typeof first).not.toBe('string');
    expect(a.admit(5 * MiB)).toMatch(/limit of 10485760 bytes in flight/);
    const second = a.admit(4 * MiB);
    expect(typeof second).not.toBe('string');
    expect(a.heldBytes).toBe(10 * MiB);
    if (typeof first !== 'string') first.release();
    expect(typeof a.admit(5 * MiB)).not.toBe('string');
  });

  it('gives admitted requests their CPU turns one per event-loop iteration, so timers and I/O run between them', async () => {
    const a = new Admission({ maxBytes: 10 * MiB, maxQueueMs: 60_000 });
    const order: string[] = [];
    const decode = async (name: string) => {
      await a.turn();
      order.push(name);
      // What a decode does: work that would otherwise hold the loop, and a timer due right after.
      if (name === 'first') setTimeout(() => order.push('timer'), 0);
      const until = performance.now() + 5;
      while (performance.now() < until) {}
    };
    await Promise.all([decode('first'), decode('second'), decode('third')]);
    expect(order).toEqual(['first', 'timer', 'second', 'third']);
  });

  it('admits one request larger than the budget when nothing else is in flight', () => {
    const a = new Admission({ maxBytes: MiB, maxQueueMs: 60_000 });
    expect(typeof a.admit(5 * MiB)).not.toBe('string');
  });

  it('refuses when the work in flight would take longer than maxQueueMs at the measured rate', () => {
    let now = 0;
    const a = new Admission({ maxBytes: 1_000 * MiB, maxQueueMs: 1_000, now: () => now });
    const admit = (bytes: number) => {
      const t = a.admit(bytes);
      if (typeof t === 'string') throw new Error(t);
      return t;
    };
    // A saturated service: work always in flight, 1 MiB finishing every 10 ms (100 MiB/s).
    let previous = admit(MiB);
    for (let i = 0; i < 150; i++) {
      const next = admit(MiB);
      now += 10;
      previous.release();
      previous = next;
    }
    const held = [previous];
    for (let i = 0; i < 98; i++) held.push(admit(MiB));
    // 99 MiB in flight at ~100 MiB/s: about a second of work; one more would pass it.
    expect(a.admit(2 * MiB)).toMatch(/saturated: the requests in flight need about \d+ ms/);
    for (const t of held.splice(0, 50)) {
      now += 10;
      t.release();
    }
    expect(typeof a.admit(2 * MiB)).not.toBe('string');
  });

  it('does not judge by the rate until it has been busy a second: a burst after a quiet spell is admitted', () => {
    let now = 0;
    const a = new Admission({ maxBytes: 1_000 * MiB, maxQueueMs: 100, now: () => now });
    // Slow first requests (a cold start): 1 MiB taking 500 ms each, one at a time.
    for (let i = 0; i < 3; i++) {
      const t = a.admit(MiB);
      if (typeof t === 'string') throw new Error(t);
      now += 500;
      t.release();
    }
    // A burst of 50 MiB: far more than 100 ms at the rate seen, but nothing proves saturation yet.
    for (let i = 0; i < 50; i++) expect(typeof a.admit(MiB)).not.toBe('string');
  });

  it('lets a ticket grow within the budget and gives every byte back once released, however often', () => {
    const a = new Admission({ maxBytes: 10 * MiB, maxQueueMs: 60_000 });
    const t = a.admit(0);
    if (typeof t === 'string') throw new Error(t);
    expect(t.hold(4 * MiB)).toBe(true);
    expect(t.hold(11 * MiB)).toBe(false);
    t.shrinkTo(MiB);
    expect(a.heldBytes).toBe(MiB);
    t.release();
    t.release();
    expect(a.heldBytes).toBe(0);
  });
});

describe('admit + readBody', () => {
  const app = (a: Admission, limit = 10 * MiB) => {
    const h = new Hono();
    h.onError(onError(createLogger('silent')));
    h.post('/in', admit(a, limit), async (c) => {
      const body = await readBody(c, { bodyBytes: limit, decompressedBytes: 4 * limit });
      admissionTicket(c)?.release();
      return c.json({ bytes: body.length });
    });
    return h;
  };
  /** A body stream that counts how many chunks were pulled from it. */
  const counted = (chunks: number, size: number) => {
    const state = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled++ >= chunks) controller.close();
          else controller.enqueue(new Uint8Array(size));
        },
      },
      { highWaterMark: 0 }, // nothing is pulled before a reader asks
    );
    return { stream, state };
  };

  it('answers 429 with Retry-After before reading a byte of a body that cannot be admitted', async () => {
    const a = new Admission({ maxBytes: 2 * MiB, maxQueueMs: 60_000 });
    const holder = a.admit(MiB);
    expect(typeof holder).not.toBe('string');
    const { stream, state } = counted(4, MiB / 2);
    const res = await app(a).request('/in', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Length': String(2 * MiB) },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(state.pulled).toBe(0);
  });

  it('413 for a declared body past the limit, before reading it', async () => {
    const { stream, state } = counted(4, 1024);
    const res = await app(new Admission({ maxBytes: MiB, maxQueueMs: 1_000 }), 1000).request('/in', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Length': '4096' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(state.pulled).toBe(0);
  });

  it('counts a body without a Content-Length as it arrives, refusing it once past the budget', async () => {
    const a = new Admission({ maxBytes: MiB, maxQueueMs: 60_000 });
    const holder = a.admit(MiB / 2);
    expect(typeof holder).not.toBe('string');
    const { stream } = counted(8, 128 * 1024);
    const res = await app(a).request('/in', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(429);
    expect(a.heldBytes).toBe(MiB / 2);
  });

  it('reads an admitted body whole and releases what it held', async () => {
    const a = new Admission({ maxBytes: 10 * MiB, maxQueueMs: 60_000 });
    const { stream } = counted(3, 1000);
    const res = await app(a).request('/in', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Length': '3000' },
      duplex: 'half',
    } as RequestInit);
    expect(await res.json()).toEqual({ bytes: 3000 });
    expect(a.heldBytes).toBe(0);
  });
});
