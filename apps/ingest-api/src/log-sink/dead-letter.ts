import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { QueuedChunk } from './table-queue.ts';

/** Folder of the log directory where rows ClickHouse refused for good are kept. */
export const DEAD_LETTER_DIR = 'dead-letter';

/**
 * Keeps a chunk ClickHouse refused for good beside the log: its rows as they would have been
 * inserted (`<table>-<lsn>.tsv`, with the column names on the first line) and the error
 * (`.error.txt`). These rows were acknowledged, so they are never silently dropped: an operator
 * can fix and re-insert them (`clickhouse-client --query "INSERT INTO t FORMAT TabSeparatedWithNames" < file`).
 */
export function deadLetterWriter(logDir: string) {
  const dir = path.join(logDir, DEAD_LETTER_DIR);
  return async (chunk: QueuedChunk, err: unknown): Promise<void> => {
    await mkdir(dir, { recursive: true });
    const base = path.join(dir, `${chunk.table}-${chunk.lsn}`);
    await writeFile(`${base}.tsv`, Buffer.concat([Buffer.from(`${chunk.columns.join('\t')}\n`), chunk.data]));
    await writeFile(`${base}.error.txt`, `${(err as Error)?.stack ?? String(err)}\n`);
  };
}
