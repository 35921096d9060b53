import type { Db } from '@spanhouse/db';
import type { WriteAheadLog } from '@spanhouse/ingest-log';
import { WRITTEN_TABLES } from '@spanhouse/store';
import { BackgroundWriter } from '../../src/log-sink/background-writer.ts';
import { deadLetterWriter } from '../../src/log-sink/dead-letter.ts';
import { Ingestor } from '../../src/log-sink/ingestor.ts';
import { isPermanentInsertError } from '../../src/log-sink/insert-errors.ts';
import { ClickHouseWriter } from '../../src/log-sink/table-writer.ts';

/**
 * The ingest path over a real database as the service wires it, small and quick: an Ingestor that
 * appends to `log`, and a BackgroundWriter inserting from it through a ClickHouseWriter of `db`,
 * with its dead letters under `dir`. The caller stops the writer.
 */
export function logPipeline(db: Db, log: WriteAheadLog, dir: string) {
  const writer = new BackgroundWriter({
    log,
    writer: new ClickHouseWriter(db),
    intervalMs: 20,
    maxInsertBytes: 1 << 20,
    readAheadBytes: 1 << 22,
    isPermanent: isPermanentInsertError,
    deadLetter: deadLetterWriter(dir),
  });
  const ingestor = new Ingestor(
    { append: (chunks) => log.append(chunks), waitCommitted: (lsn, t, ms) => writer.waitCommitted(lsn, t, ms) },
    WRITTEN_TABLES,
    10_000,
  );
  return { writer, ingestor };
}
