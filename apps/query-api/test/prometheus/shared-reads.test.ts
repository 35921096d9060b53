import { describe, expect, it } from 'vitest';
import { SharedReads } from '../../src/prometheus/engine/shared-reads.ts';

/** A read that answers when told to, counting how often it ran and whether it was aborted. */
function controlledRead() {
  const runs: { signal: AbortSignal; answer: (v: string) => void }[] = [];
  const read = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      runs.push({ signal, answer: resolve });
      signal.addEventListener('abort', () => reject(new Error('read aborted')), { once: true });
    });
  return { runs, read };
}

const live = () => new AbortController().signal;

describe('reads shared by queries in flight', () => {
  it('runs a read once for the queries asking for it at the same time', async () => {
    const shared = new SharedReads<string>();
    const { runs, read } = controlledRead();
    const a = shared.read('cpu 0-10', live(), read);
    const b = shared.read('cpu 0-10', live(), read);
    expect(runs).toHaveLength(1);
    runs[0]!.answer('points');
    expect(await Promise.all([a, b])).toEqual(['points', 'points']);
  });

  it('reads again once the shared read answered, and keeps different keys apart', async () => {
    const shared = new SharedReads<string>();
    const { runs, read } = controlledRead();
    const first = shared.read('cpu 0-10', live(), read);
    const other = shared.read('cpu 0-20', live(), read);
    expect(runs).toHaveLength(2);
    runs[0]!.answer('old');
    runs[1]!.answer('other');
    expect(await first).toBe('old');
    expect(await other).toBe('other');
    const later = shared.read('cpu 0-10', live(), read);
    expect(runs).toHaveLength(3);
    runs[2]!.answer('new');
    expect(await later).toBe('new');
  });

  it('keeps the read going for the others when one query is cancelled, and stops it when all are', async () => {
    const shared = new SharedReads<string>();
    const { runs, read } = controlledRead();
    const one = new AbortController();
    const two = new AbortController();
    const a = shared.read('k', one.signal, read);
    const b = shared.read('k', two.signal, read);
    one.abort(new Error('panel closed'));
    await expect(a).rejects.toThrow('panel closed');
    expect(runs[0]!.signal.aborted).toBe(false);
    runs[0]!.answer('points');
    expect(await b).toBe('points');

    const c = shared.read('k2', one.signal, read);
    await expect(c).rejects.toThrow('panel closed');
    const three = new AbortController();
    const d = shared.read('k3', three.signal, read);
    three.abort(new Error('timeout'));
    await expect(d).rejects.toThrow('timeout');
    expect(runs.at(-1)!.signal.aborted).toBe(true);
    // A new query after the abandoned read starts a fresh one.
    const e = shared.read('k3', live(), read);
    expect(runs.at(-1)!.signal.aborted).toBe(false);
    runs.at(-1)!.answer('again');
    expect(await e).toBe('again');
  });

  it('gives every waiting query the read failure', async () => {
    const shared = new SharedReads<string>();
    const read = () => Promise.reject(new Error('storage error'));
    const a = shared.read('k', live(), read);
    const b = shared.read('k', live(), read);
    await expect(a).rejects.toThrow('storage error');
    await expect(b).rejects.toThrow('storage error');
  });
});
