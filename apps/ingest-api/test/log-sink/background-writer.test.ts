import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WriteAheadLog } from '@spanhouse/ingest-log';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundWriter, CommitTimeoutError } from '../../src/log-sink/background-writer.ts';
import type { InsertBatch, TableWriter } from '../../src/log-sink/table-writer.ts';

/** An insert as the tests write it: table, columns, the encoded rows. */
type InsertFn = (table: string, columns: readonly string[], data: Buffer) => Promise<void>;
const writerOf = (insert: InsertFn): TableWriter => ({ insert: (b) => insert(b.table, b.columns, b.data) });

import { deadLetterWriter } from '../../src/log-sink/dead-letter.ts';

type Insert = { table: string; lines: string[]; at: number };
const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A log and a writer over it whose inserts go to `insert` (a stand-in for ClickHouse that records them). */
async function setup(insert: InsertFn, opts: Partial<ConstructorParameters<typeof BackgroundWriter>[0]> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-writer-'));
  dirs.push(dir);
  const log = await WriteAheadLog.open({ dir, segmentBytes: 1024, maxBytes: 1 << 24 });
  const writer = new BackgroundWriter({
    log,
    writer: writerOf(insert),
    intervalMs: 50,
    maxInsertBytes: 1 << 20,
    readAheadBytes: 1 << 21,
    isPermanent: (err) => (err as { permanent?: boolean }).permanent === true,
    deadLetter: deadLetterWriter(dir),
    ...opts,
  });
  cleanups.push(async () => {
    await writer.stop();
    await log.close();
  });
  const append = (table: string, ...lines: string[]) =>
    log.append([{ table, columns: ['v'], rows: lines.length, data: Buffer.from(lines.map((l) => `${l}\n`).join('')) }]);
  return { dir, log, writer, append };
}

function recorder(inserts: Insert[]): InsertFn {
  return async (table, _columns, data) => {
    inserts.push({ table, lines: data.toString().split('\n').filter(Boolean), at: Date.now() });
  };
}

/** One insert of the ordered tables' writer: its table, lines, and when it started and ended (ms). */
type TimedInsert = { table: string; lines: string[]; started: number; ended: number };

/** A writer where 'listed' waits for 'pieces' (insertAfter), and each insert of 'pieces' takes 300 ms. */
async function orderedSetup(opts: Partial<ConstructorParameters<typeof BackgroundWriter>[0]>) {
  const done: TimedInsert[] = [];
  const { log, writer } = await setup(
    async (table, _columns, data) => {
      const started = Date.now();
      if (table === 'pieces') await sleep(300);
      done.push({ table, lines: data.toString().split('\n').filter(Boolean), started, ended: Date.now() });
    },
    { ...opts, insertAfter: { listed: ['pieces'] } },
  );
  return { done, log, writer };
}

/** A chunk of one line of `table` (one column). */
const chunk = (table: string, line: string) => ({ table, columns: ['v'], rows: 1, data: Buffer.from(`${line}\n`) });

describe('the background writer', () => {
  it('inserts each table in large blocks, at most one per interval, in log order', async () => {
    const inserts: Insert[] = [];
    const { writer, append } = await setup(recorder(inserts), { intervalMs: 200 });
    const lsns: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) {
      lsns.push(await append('a', `a${i}`));
      lsns.push(await append('b', `b${i}`));
      await sleep(10);
    }
    // Polled, not waited for: a wait would shorten the interval (the next case).
    while (writer.committedLsn < lsns.at(-1)! && Date.now() - t0 < 5_000) await sleep(20);
    const elapsed = Date.now() - t0;
    for (const table of ['a', 'b']) {
      const mine = inserts.filter((x) => x.table === table);
      expect(mine.flatMap((x) => x.lines)).toEqual(Array.from({ length: 30 }, (_, i) => `${table}${i}`));
      // One insert per 200 ms at most: a few inserts for 30 appends, not 30.
      expect(mine.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
      expect(mine.length).toBeLessThan(15);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.at - mine[i - 1]!.at).toBeGreaterThanOrEqual(190);
    }
  });

  it('spaces inserts by 100 ms instead of the interval while someone waits for a commit', async () => {
    const inserts: Insert[] = [];
    const { writer, append } = await setup(recorder(inserts), { intervalMs: 10_000 });
    // The first row after a quiet spell goes at once; the next would wait out the 10 s interval.
    await writer.waitCommitted(await append('a', 'first'), ['a'], 8_000);
    const unwaited = await append('a', 'second');
    await sleep(300);
    expect(inserts.map((x) => x.lines.join())).toEqual(['first']);
    // An answer now waits for its rows: the table's next insert is due 100 ms after the last one.
    const t0 = Date.now();
    await writer.waitCommitted(await append('a', 'third'), ['a'], 8_000);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(inserts.flatMap((x) => x.lines)).toEqual(['first', 'second', 'third']);
    for (let i = 1; i < inserts.length; i++) expect(inserts[i]!.at - inserts[i - 1]!.at).toBeGreaterThanOrEqual(95);
    expect(writer.committedLsn).toBeGreaterThan(unwaited);
    // Nobody waits any more: the interval is back.
    const before = inserts.length;
    await append('a', 'fourth');
    await sleep(300);
    expect(inserts).toHaveLength(before);
  });

  it('writes a row after a quiet spell at once, not an interval later', async () => {
    const inserts: Insert[] = [];
    const { writer, append } = await setup(recorder(inserts), { intervalMs: 10_000 });
    const t0 = Date.now();
    await writer.waitCommitted(await append('a', 'x'), ['a'], 8_000);
    // Well under the 10 s interval (an fsync on a busy CI disk can take a second or more).
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('retries a failing table with backoff while the others go on, and resolves waits once committed', async () => {
    let down = true;
    const inserts: Insert[] = [];
    const record = recorder(inserts);
    const { writer, append } = await setup(async (table, columns, data) => {
      if (table === 'a' && down) throw Object.assign(new Error('ECONNREFUSED'), { code: 'ECONNREFUSED' });
      await record(table, columns, data);
    });
    const a = await append('a', 'a1');
    const b = await append('b', 'b1');
    await writer.waitCommitted(b, ['b'], 5_000);
    await expect(writer.waitCommitted(a, ['a'], 300)).rejects.toBeInstanceOf(CommitTimeoutError);
    expect(writer.failing?.error).toMatch(/ECONNREFUSED/);
    down = false;
    await writer.waitCommitted(a, ['a', 'b'], 10_000);
    expect(inserts.map((x) => x.lines.join())).toEqual(['b1', 'a1']);
    expect(writer.failing).toBeUndefined();
  });

  it('inserts a table named in insertAfter only once the tables it waits for have committed the same records', async () => {
    // Each insert of 'pieces' takes 300 ms: 'listed' of the same records must wait for it, and
    // records only 'listed' holds (or 'pieces' committed already) must not.
    const { done, log, writer } = await orderedSetup({ intervalMs: 20 });
    const lsns: number[] = [];
    for (let i = 0; i < 5; i++) {
      lsns.push(await log.append([chunk('pieces', `p${i}`), chunk('listed', `t${i}`)]));
      await sleep(60);
    }
    lsns.push(await log.append([chunk('listed', 'alone')]));
    await writer.waitCommitted(lsns.at(-1)!, ['listed', 'pieces'], 10_000);
    const endOfPiece = (line: string) => done.find((d) => d.table === 'pieces' && d.lines.includes(line))!.ended;
    const traceInserts = done.filter((d) => d.table === 'listed');
    for (let i = 0; i < 5; i++) {
      const insert = traceInserts.find((d) => d.lines.includes(`t${i}`))!;
      expect(insert.started).toBeGreaterThanOrEqual(endOfPiece(`p${i}`));
    }
    expect(traceInserts.flatMap((d) => d.lines)).toEqual(['t0', 't1', 't2', 't3', 't4', 'alone']);
    // The pieces went on meanwhile (several records per insert), not one insert per trace insert.
    expect(done.filter((d) => d.table === 'pieces').length).toBeLessThan(5);
  });

  it('inserts rows held for another table as soon as that table committed them, not an interval later', async () => {
    // Pieces of 100 bytes fill an insert (64 bytes) and go at once; 'listed' alone would wait 2 s.
    const { done, log, writer } = await orderedSetup({ intervalMs: 2_000, maxInsertBytes: 64 });
    // Polled, not waited for: a wait would shorten the interval.
    const committed = async (lsn: number) => {
      const t0 = Date.now();
      while (writer.committedLsn < lsn && Date.now() - t0 < 5_000) await sleep(10);
    };
    await committed(await log.append([chunk('pieces', `a${'.'.repeat(99)}`), chunk('listed', 'ta')]));
    await committed(await log.append([chunk('pieces', `b${'.'.repeat(99)}`), chunk('listed', 'tb')]));
    const piece = done.find((d) => d.table === 'pieces' && d.lines[0]!.startsWith('b'))!;
    const listed = done.find((d) => d.table === 'listed' && d.lines.includes('tb'))!;
    expect(listed.started).toBeGreaterThanOrEqual(piece.ended);
    expect(listed.started - piece.ended).toBeLessThan(500);
  });

  it('finds the chunk ClickHouse refuses for good, keeps it as a dead letter and commits the rest', async () => {
    const inserts: Insert[] = [];
    const record = recorder(inserts);
    const { dir, writer, append } = await setup(
      async (table, columns, data) => {
        if (data.toString().includes('poison')) throw Object.assign(new Error('CANNOT_PARSE'), { permanent: true });
        await record(table, columns, data);
      },
      { intervalMs: 300 },
    );
    await append('a', 'warm'); // an insert now, so the next three wait and go together
    const lsns = [await append('a', 'ok1'), await append('a', 'poison'), await append('a', 'ok2')];
    await writer.waitCommitted(lsns[2]!, ['a'], 10_000);
    expect(inserts.flatMap((x) => x.lines)).toEqual(['warm', 'ok1', 'ok2']);
    const kept = readdirSync(path.join(dir, 'dead-letter')).sort();
    expect(kept).toEqual([`a-${lsns[1]}.error.txt`, `a-${lsns[1]}.tsv`]);
    expect(readFileSync(path.join(dir, 'dead-letter', `a-${lsns[1]}.tsv`), 'utf8')).toBe('v\npoison\n');
  });

  it('inserts each chunk in the format it was written in, never two layouts in one insert, and keeps a refused binary chunk with its columns', async () => {
    const batches: InsertBatch[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-writer-'));
    dirs.push(dir);
    const log = await WriteAheadLog.open({ dir, segmentBytes: 1 << 20, maxBytes: 1 << 24 });
    const writer = new BackgroundWriter({
      log,
      writer: {
        insert: async (b) => {
          if (b.data.includes('poison')) throw Object.assign(new Error('refused'), { permanent: true });
          batches.push(b);
        },
      },
      intervalMs: 300,
      maxInsertBytes: 1 << 20,
      readAheadBytes: 1 << 21,
      isPermanent: (err) => (err as { permanent?: boolean }).permanent === true,
      deadLetter: deadLetterWriter(dir),
    });
    cleanups.push(async () => {
      await writer.stop();
      await log.close();
    });
    const text = (v: string) => ({
      table: 'a',
      columns: ['v'],
      format: 'TabSeparated',
      rows: 1,
      data: Buffer.from(`${v}\n`),
    });
    const binary = (v: string) => ({
      table: 'a',
      columns: ['v'],
      format: 'RowBinary',
      types: ['String'],
      rows: 1,
      data: Buffer.concat([Buffer.from([v.length]), Buffer.from(v)]),
    });
    await log.append([text('warm')]); // an insert now, so the next ones wait and go together
    await log.append([text('t1')]);
    await log.append([text('t2')]);
    await log.append([binary('b1')]);
    const poison = await log.append([binary('poison')]);
    const last = await log.append([binary('b2')]);
    await writer.waitCommitted(last, ['a'], 10_000);
    expect(batches.map((b) => [b.format, b.format === 'RowBinary' ? b.types : [], b.data.toString('latin1')])).toEqual([
      ['TabSeparated', [], 'warm\n'],
      ['TabSeparated', [], 't1\nt2\n'],
      // The binary insert held the refused chunk: its chunks went one by one to find it.
      ['RowBinary', ['String'], '\x02b1'],
      ['RowBinary', ['String'], '\x02b2'],
    ]);
    expect(readdirSync(path.join(dir, 'dead-letter')).sort()).toEqual([
      `a-${poison}.columns.txt`,
      `a-${poison}.error.txt`,
      `a-${poison}.rowbinary`,
    ]);
    expect(readFileSync(path.join(dir, 'dead-letter', `a-${poison}.columns.txt`), 'utf8')).toBe('v String\n');
  });

  it('tells the log how far everything is committed, so finished segments are removed', async () => {
    const { dir, log, writer, append } = await setup(recorder([]));
    const segments = () => readdirSync(dir).filter((f) => f.startsWith('segment-'));
    let last = 0;
    for (let i = 0; i < 40; i++) last = await append('a', `${'x'.repeat(100)}${i}`);
    // Segments are numbered in order: the newest one's number is how many were written (some may
    // already be gone, the writer runs alongside the appends).
    const written = Number(/segment-(\d+)/.exec(segments().sort().at(-1)!)![1]);
    await writer.waitCommitted(last, ['a'], 5_000);
    // Segments are removed after the commit is recorded, asynchronously: wait for it (bounded).
    for (let i = 0; i < 100 && segments().length > 1; i++) await sleep(50);
    expect(log.committedLsn).toBe(last);
    expect(written).toBeGreaterThan(2);
    // At most the segment appends go to remains (it goes too once sealed, being fully committed).
    expect(segments().length).toBeLessThanOrEqual(1);
  });

  it('drains on close without waiting for intervals', async () => {
    const inserts: Insert[] = [];
    const { writer, append } = await setup(recorder(inserts), { intervalMs: 60_000 });
    await append('a', 'first');
    await sleep(50);
    await append('a', 'second');
    const t0 = Date.now();
    expect(await writer.drain(20_000)).toBe(true);
    // Far under the 60 s interval it would otherwise wait.
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(inserts.flatMap((x) => x.lines)).toEqual(['first', 'second']);
  });
});
