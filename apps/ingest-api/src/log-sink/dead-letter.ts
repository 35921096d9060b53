import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CHUNK_FORMAT } from '@spanhouse/ingest-log';
import type { QueuedChunk } from './table-queue.ts';

/** Folder of the log directory where rows ClickHouse refused for good are kept. */
export const DEAD_LETTER_DIR = 'dead-letter';

/**
 * Keeps a chunk ClickHouse refused for good beside the log: its rows as they would have been
 * inserted and the error (`.error.txt`). TabSeparated rows go to `<table>-<lsn>.tsv` with the
 * column names on the first line; rows of another format to `<table>-<lsn>.<format>` as they are,
 * their columns and types in `.columns.txt`. These rows were acknowledged, so they are never
 * silently dropped: an operator can fix and re-insert them
 * (`clickhouse-client --query "INSERT INTO t FORMAT TabSeparatedWithNames" < file`, or
 * `"INSERT INTO t (columns) FORMAT RowBinary"`).
 */
export function deadLetterWriter(logDir: string) {
  const dir = path.join(logDir, DEAD_LETTER_DIR);
  return async (chunk: QueuedChunk, err: unknown): Promise<void> => {
    await mkdir(dir, { recursive: true });
    const base = path.join(dir, `${chunk.table}-${chunk.lsn}`);
    const format = chunk.format ?? DEFAULT_CHUNK_FORMAT;
    if (format === DEFAULT_CHUNK_FORMAT) {
      await writeFile(`${base}.tsv`, Buffer.concat([Buffer.from(`${chunk.columns.join('\t')}\n`), chunk.data]));
    } else {
      await writeFile(`${base}.${format.replace(/\W/g, '').toLowerCase()}`, chunk.data);
      const columns = chunk.columns.map((c, i) => `${c} ${chunk.types?.[i] ?? ''}`.trim());
      await writeFile(`${base}.columns.txt`, `${columns.join('\n')}\n`);
    }
    await writeFile(`${base}.error.txt`, `${(err as Error)?.stack ?? String(err)}\n`);
  };
}
