import { describe, expect, it } from 'vitest';
import { Lanes } from '../src/lanes.ts';

/** A call that runs until `finish()` is called, recording which connection it got. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    fn: async (connection: string) => {
      log.push(`${name}@${connection}`);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Lanes', () => {
  it('gives each call a connection of its own while one is free, then queues in arrival order', async () => {
    const lanes = new Lanes(['a', 'b'], 1);
    const log: string[] = [];
    const [one, two, three, four] = ['one', 'two', 'three', 'four'].map((n) => held(log, n));
    const running = [lanes.run(one!.fn), lanes.run(two!.fn), lanes.run(three!.fn), lanes.run(four!.fn)];
    await tick();
    expect(log).toEqual(['one@a', 'two@b']);
    expect(lanes.queued).toBe(2);
    two!.finish();
    await tick();
    expect(log).toEqual(['one@a', 'two@b', 'three@b']);
    one!.finish();
    await tick();
    expect(log).toEqual(['one@a', 'two@b', 'three@b', 'four@a']);
    three!.finish();
    four!.finish();
    expect(await Promise.all(running)).toEqual(['one', 'two', 'three', 'four']);
    expect(lanes.queued).toBe(0);
  });

  it('a slow call holds up no other while another connection is free', async () => {
    const lanes = new Lanes(['a', 'b', 'c'], 1);
    const log: string[] = [];
    const slow = held(log, 'slow');
    const slowRun = lanes.run(slow.fn);
    for (let i = 0; i < 5; i++) expect(await lanes.run(async (c) => c)).not.toBe('a');
    slow.finish();
    await slowRun;
  });

  it('frees the connection when the call throws', async () => {
    const lanes = new Lanes(['a'], 1);
    await expect(
      lanes.run(async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await lanes.run(async (c) => c)).toBe('a');
  });

  it('without a bound, spreads calls over the least busy connections and never queues', async () => {
    const lanes = new Lanes(['a', 'b'], Number.POSITIVE_INFINITY);
    const log: string[] = [];
    const calls = ['1', '2', '3', '4'].map((n) => held(log, n));
    const running = calls.map((c) => lanes.run(c.fn));
    await tick();
    expect(log).toEqual(['1@a', '2@b', '3@a', '4@b']);
    expect(lanes.queued).toBe(0);
    for (const c of calls) c.finish();
    await Promise.all(running);
  });
  it('takes a waiting call out of the queue when its signal aborts, and hands the connection to the next', async () => {
    const lanes = new Lanes(['a'], 1);
    const log: string[] = [];
    const [one, two, three] = ['one', 'two', 'three'].map((n) => held(log, n));
    const gone = new AbortController();
    const first = lanes.run(one!.fn);
    const abandoned = lanes.run(two!.fn, gone.signal);
    const last = lanes.run(three!.fn);
    await tick();
    expect(lanes.queued).toBe(2);
    gone.abort(new Error('client gone'));
    await expect(abandoned).rejects.toThrow('client gone');
    expect(lanes.queued).toBe(1);
    one!.finish();
    await tick();
    expect(log).toEqual(['one@a', 'three@a']);
    three!.finish();
    expect(await Promise.all([first, last])).toEqual(['one', 'three']);
  });

  it('refuses a call whose signal has already aborted, without taking a connection', async () => {
    const lanes = new Lanes(['a'], 1);
    const log: string[] = [];
    const one = held(log, 'one');
    await expect(lanes.run(one.fn, AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    const two = held(log, 'two');
    const running = lanes.run(two.fn);
    await tick();
    expect(log).toEqual(['two@a']);
    two.finish();
    expect(await running).toBe('two');
  });
});
