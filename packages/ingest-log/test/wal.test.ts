import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileLayer } from '../src/file-layer.ts';
import { LogFullError, RecordTooLargeError, segmentName, type WriteAheadLog } from '../src/index.ts';
import { chunk, openLog, readAll, removeDir, tempLogDir } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dirs: string[] = [];
const logs: WriteAheadLog[] = [];
afterEach(async () => {
  for (const log of logs.splice(0)) await log.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});
async function fresh(extra: Parameters<typeof openLog>[1] = {}) {
  const dir = tempLogDir();
  dirs.push(dir);
  const log = await openLog(dir, extra);
  logs.push(log);
  return { dir, log };
}

describe('the write-ahead log', () => {
  it('acknowledges concurrent appends in order, sharing syncs, and reads them back in order', async () => {
    const syncs: number[] = [];
    const { log } = await fresh({ onSync: (s) => syncs.push(s.records) });
    const lsns = await Promise.all(Array.from({ length: 200 }, (_, i) => log.append([chunk('t', `row ${i}\n`)])));
    expect(lsns).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Appends made while a sync runs wait for the next one: far fewer syncs than records.
    expect(syncs.reduce((a, b) => a + b)).toBe(200);
    expect(syncs.length).toBeLessThan(50);
    const read = await readAll(log, 0);
    expect(read.map((r) => r.text)).toEqual(Array.from({ length: 200 }, (_, i) => `t:row ${i}\n`));
  });

  it('starts a new segment past the segment size, syncing the directory before acknowledging', async () => {
    const { dir, log } = await fresh({ segmentBytes: 4096 });
    for (let i = 0; i < 40; i++) await log.append([chunk('t', `${'x'.repeat(500)} ${i}\n`)]);
    const segments = readdirSync(dir).filter((f) => f.startsWith('segment-'));
    expect(segments.length).toBeGreaterThanOrEqual(5);
    expect((await readAll(log, 0)).length).toBe(40);
  });

  it('removes only segments whose every record is committed, and frees their bytes from the budget', async () => {
    const { dir, log } = await fresh({ segmentBytes: 2048, maxBytes: 16 * 1024 });
    const appendMany = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await log.append([chunk('t', `${'y'.repeat(400)}\n`)]));
      return out;
    };
    const first = await appendMany(30);
    await expect(appendMany(20)).rejects.toBeInstanceOf(LogFullError);
    const before = readdirSync(dir).filter((f) => f.startsWith('segment-')).length;
    await log.markCommitted(first[14]!);
    const after = readdirSync(dir).filter((f) => f.startsWith('segment-')).length;
    expect(after).toBeLessThan(before);
    // Every record after the committed LSN is still there; space was freed for new ones.
    const left = await readAll(log, first[14]!);
    expect(left[0]!.lsn).toBe(first[15]);
    await expect(appendMany(3)).resolves.toHaveLength(3);
  });

  it('frees its whole budget once everything is committed, the segment still written to included', async () => {
    const { log } = await fresh({ segmentBytes: 1 << 30, maxBytes: 64 * 1024 });
    let last = 0;
    const fill = async () => {
      for (;;) {
        try {
          last = await log.append([chunk('t', `${'z'.repeat(1000)}\n`)]);
        } catch (err) {
          expect(err).toBeInstanceOf(LogFullError);
          return;
        }
      }
    };
    await fill();
    await log.markCommitted(last);
    expect(log.usedBytes).toBe(0);
    await expect(log.append([chunk('t', 'again\n')])).resolves.toBe(last + 1);
  });

  it('waits on close for a cleanup in progress, and touches nothing in the directory after', async () => {
    // Segment removal made slow, so that close() comes while it is in progress.
    const slowRemove = { ...nodeFileLayer, remove: (p: string) => sleep(100).then(() => nodeFileLayer.remove(p)) };
    const { dir, log } = await fresh({ segmentBytes: 2048, fs: slowRemove });
    let last = 0;
    for (let i = 0; i < 30; i++) last = await log.append([chunk('t', `${'z'.repeat(400)}\n`)]);
    const cleanup = log.markCommitted(last);
    await log.close();
    const atClose = readdirSync(dir).sort();
    await cleanup;
    await sleep(50);
    expect(readdirSync(dir).sort()).toEqual(atClose);
    expect(atClose).toContain('committed-lsn');
    expect(atClose.filter((f) => f.startsWith('segment-')).length).toBeLessThanOrEqual(1);
  });

  it("small appends go into zeroed room written ahead: they never change the file's size, and a sealed segment holds its records only", async () => {
    const { dir, log } = await fresh({ segmentBytes: 16 * 1024 });
    const newest = () =>
      path.join(
        dir,
        readdirSync(dir)
          .filter((f) => f.startsWith('segment-'))
          .sort()
          .at(-1)!,
      );
    const sizes = new Set<number>();
    for (let i = 0; i < 100; i++) {
      await log.append([chunk('t', `${'z'.repeat(300)}\n`)]);
      sizes.add(statSync(newest()).size);
    }
    // A file's size changes only when a new segment starts; then it is the whole segment at once.
    expect([...sizes]).toEqual([16 * 1024]);
    const sealed = path.join(
      dir,
      readdirSync(dir)
        .filter((f) => f.startsWith('segment-'))
        .sort()[0]!,
    );
    expect(statSync(sealed).size).toBeLessThan(16 * 1024);
    expect(statSync(sealed).size).toBeGreaterThan(12 * 1024);
    expect((await readAll(log, 0)).length).toBe(100);
  });

  it('a large group grows the file by its own bytes, with no zeros written after it', async () => {
    const { dir, log } = await fresh({ segmentBytes: 1 << 20 });
    await log.append([chunk('t', `${'z'.repeat(100 * 1024)}\n`)]);
    const file = path.join(dir, readdirSync(dir).filter((f) => f.startsWith('segment-'))[0]!);
    expect(statSync(file).size).toBeLessThan(101 * 1024);
    expect(log.usedBytes).toBe(statSync(file).size);
  });

  it('refuses a record larger than its whole budget', async () => {
    const { log } = await fresh({ maxBytes: 1024 });
    await expect(log.append([chunk('t', 'z'.repeat(2000))])).rejects.toBeInstanceOf(RecordTooLargeError);
  });

  it('replays what was not committed after a restart, as often as it restarts, and skips what was', async () => {
    const dir = tempLogDir();
    dirs.push(dir);
    let log = await openLog(dir);
    for (let i = 1; i <= 10; i++) await log.append([chunk('a', `${i}\n`), chunk('b', `${i * 10}\n`)]);
    await log.markCommitted(4);
    await log.close();
    for (let round = 0; round < 2; round++) {
      log = await openLog(dir);
      expect(log.committedLsn).toBe(4);
      const read = await readAll(log);
      expect(read.map((r) => r.lsn)).toEqual([5, 6, 7, 8, 9, 10]);
      expect(read[0]!.text).toBe('a:5\n|b:50\n');
      await log.close();
    }
    log = await openLog(dir);
    logs.push(log);
    // New appends continue after the highest LSN on disk.
    expect(await log.append([chunk('a', 'next\n')])).toBe(11);
  });

  it('refuses a second log on the same directory, naming its holder', async () => {
    const { dir } = await fresh();
    await expect(openLog(dir)).rejects.toThrow(/in use by process \d+/);
  });

  it('names segment files so they sort in order', () => {
    expect([segmentName(10), segmentName(9), segmentName(100)].sort()).toEqual([
      segmentName(9),
      segmentName(10),
      segmentName(100),
    ]);
  });
});
