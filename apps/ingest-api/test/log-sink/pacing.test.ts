import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogChunk } from '@spanhouse/ingest-log';
import { afterEach, describe, expect, it } from 'vitest';
import { type IngestLog, Ingestor } from '../../src/log-sink/ingestor.ts';
import { LocalIngestLog } from '../../src/log-sink/local-log.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TABLE = 't';
const ENCODING = { [TABLE]: { columns: ['v'] as [string], format: 'TabSeparated' as const } };
const rowsOf = (bytes: number) => ({ [TABLE]: { bytes: Buffer.alloc(bytes, 'x'), rows: 1 } });

/**
 * A log whose appends and commits the test releases by hand, and whose pacing answers by the
 * number of requests being stored: what `Ingestor` passes it is what is checked.
 */
function handLog() {
  const appends: (() => void)[] = [];
  const commits: (() => void)[] = [];
  const asked: number[] = [];
  let lsn = 0;
  const log: IngestLog = {
    append: (_chunks: LogChunk[]) => new Promise<number>((resolve) => appends.push(() => resolve(++lsn))),
    waitCommitted: () => new Promise<void>((resolve) => commits.push(resolve)),
    pacing(storing) {
      asked.push(storing);
      return storing > 1;
    },
  };
  return { log, appends, commits, asked };
}

describe('the ingestor tells the log how many requests are being stored', () => {
  it('counts a request from its start to its answer, paced waits included', async () => {
    const { log, appends, commits, asked } = handLog();
    let paced = 0;
    const ingestor = new Ingestor(log, ENCODING, 10_000, { onPaced: () => paced++ });
    const store = () => ingestor.store(rowsOf(10), { waitForCommit: false });

    // Alone: not paced, answered once durable.
    const lone = store();
    await sleep(0);
    appends.shift()!();
    expect(await lone).toEqual({ lsn: 1, tables: [TABLE] });
    expect(asked).toEqual([1]);

    // Two at once: each is told of the other, and each answer waits for its commit.
    let answered = 0;
    const both = [store(), store()].map((p) => p.then(() => answered++));
    await sleep(0);
    for (const release of appends.splice(0)) release();
    await sleep(10);
    expect(asked).toEqual([1, 2, 2]);
    expect(paced).toBe(2);
    expect(answered).toBe(0);
    for (const release of commits.splice(0)) release();
    await Promise.all(both);

    // Both answered: the next request is alone again.
    const after = store();
    await sleep(0);
    appends.shift()!();
    await after;
    expect(asked).toEqual([1, 2, 2, 1]);
  });
});

describe('the local log paces the senders, not a lone client', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('paces past the bound when more than one request is in, or when more waits than one insert takes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-pacing-'));
    dirs.push(dir);
    let releaseInserts: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseInserts = resolve;
    });
    const log = await LocalIngestLog.open({
      dir,
      maxBytes: 1 << 26,
      segmentBytes: 1 << 22,
      intervalMs: 20,
      maxBacklogMs: 60_000,
      paceBacklogMs: 100,
      maxInsertBytes: 64 * 1024,
      readAheadBytes: 1 << 22,
      // ClickHouse slower than the senders: every insert waits until the test lets it through.
      writer: { insert: () => held },
      isPermanent: () => false,
    });
    try {
      const chunk = (bytes: number): LogChunk => ({
        table: TABLE,
        columns: ['v'],
        format: 'TabSeparated',
        rows: 1,
        data: Buffer.alloc(bytes, 'x'),
      });
      await log.append([chunk(100)]);
      expect(log.pacing(2)).toBe(false);
      await sleep(200);
      // Past the bound with a small backlog: a second request in paces, a lone one does not.
      expect(log.pacing(2)).toBe(true);
      expect(log.pacing(1)).toBe(false);
      // More rows wait than one insert takes: the writer is behind whoever sends them.
      await log.append([chunk(64 * 1024)]);
      await sleep(50);
      expect(log.pacing(1)).toBe(true);
    } finally {
      releaseInserts();
      await log.close(5_000);
    }
  });
});
