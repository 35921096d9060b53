import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import { Admission, type Authenticate, type ServiceMetrics } from '@spanhouse/http';
import type { FileLayer } from '@spanhouse/ingest-log';
import { INSERT_AFTER, WRITTEN_TABLES, type WriteNotices } from '@spanhouse/store';
import type { Logger } from 'pino';
import type { IngestDeps } from './deps.ts';
import { DiskGuard } from './log-sink/disk-guard.ts';
import { Ingestor } from './log-sink/ingestor.ts';
import { isPermanentInsertError } from './log-sink/insert-errors.ts';
import { LocalIngestLog } from './log-sink/local-log.ts';
import { registerLogMetrics } from './log-sink/log-metrics.ts';
import { ClickHouseWriter, type TableWriter } from './log-sink/table-writer.ts';
import { KnownSeries } from './metrics/known-series.ts';
import { PriceTable } from './pricing/prices.ts';

/** Rows read from the log ahead of their inserts, at most: twice the largest insert. */
const READ_AHEAD_INSERTS = 2;

export type IngestRuntimeHooks = {
  /** Test hook: a writer in front of ClickHouse's, e.g. to make inserts fail or wait on purpose. */
  writer?: (clickhouse: TableWriter) => TableWriter;
  /** Test hook: the file layer under the ingest log (to make the disk fail on purpose). */
  logFiles?: FileLayer;
};

/**
 * Builds the ingest dependencies on an open, migrated database: opens (and recovers) this
 * process's ingest log, whose background writer starts replaying at once, inserting through the
 * writer port (ClickHouseWriter).
 */
export async function createIngestDeps(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  authenticate: Authenticate;
  hooks?: IngestRuntimeHooks;
  /** Prometheus self-metrics: the log registers its own (log-sink/log-metrics.ts). */
  metrics?: ServiceMetrics;
  /** Where this process tells of its writes (the all-in-one process: its query caches listen). */
  writes?: WriteNotices;
}): Promise<IngestDeps> {
  const { db, config, logger, authenticate, writes } = opts;
  const clickhouse = new ClickHouseWriter(db, {
    cluster: config.clickhouse.cluster,
    logger: logger.child({ module: 'writer' }),
  });
  const logMetrics = opts.metrics ? registerLogMetrics(opts.metrics.registry) : undefined;
  const log = await LocalIngestLog.open({
    dir: config.ingest.logDir,
    maxBytes: config.ingest.logMaxBytes,
    segmentBytes: config.ingest.logSegmentBytes,
    intervalMs: config.ingest.flushIntervalMs,
    maxBacklogMs: config.ingest.maxBacklogMs,
    paceBacklogMs: config.ingest.paceBacklogMs,
    maxInsertBytes: config.ingest.flushMaxBytes,
    readAheadBytes: READ_AHEAD_INSERTS * config.ingest.flushMaxBytes,
    insertAfter: INSERT_AFTER,
    writer: opts.hooks?.writer ? opts.hooks.writer(clickhouse) : clickhouse,
    isPermanent: isPermanentInsertError,
    fs: opts.hooks?.logFiles,
    logger: logger.child({ module: 'ingest-log' }),
    onSync: (s) => logMetrics?.observeSync(s.seconds, s.ok),
    onInsert(info) {
      logMetrics?.observeInsert(info);
      writes?.inserted(info.table);
    },
    onCommitted: (table, lagSeconds) => logMetrics?.commitLag.observe({ table }, lagSeconds),
    onDeadLetter: (table, rows) => logMetrics?.deadLetterRows.inc({ table }, rows),
  });
  logMetrics?.readStatus(() => log.status());
  logMetrics?.readUnsettledTombstones((table) =>
    table === undefined ? clickhouse.unsettledTombstoneBatches : clickhouse.unsettledTombstoneBatchesIn(table),
  );
  // The ingest log's volume, and the database's where it is embedded in this process's folder.
  const disk = new DiskGuard({
    paths: db.mode === 'embedded' ? [config.ingest.logDir, config.dataDir] : [config.ingest.logDir],
    minFreeBytes: config.diskMinFreeBytes,
    logger: logger.child({ module: 'disk' }),
  });
  disk.start();
  logMetrics?.readDisk(() => disk.state);
  const ingestor = new Ingestor(
    log,
    WRITTEN_TABLES,
    config.ingest.commitTimeoutMs,
    {
      onAccepted: (table, rows) => logMetrics?.rowsAccepted.inc({ table }, rows),
      onRejected: (table, rows, reason) => logMetrics?.rowsRejected.inc({ table, reason }, rows),
      beforeAppend: () => disk.check(),
      onPaced: () => logMetrics?.pacedAnswers.inc(),
      onCommitted: (table, fromUs) => writes?.committed(table, fromUs),
    },
    config.ingest.maxBacklogMs,
  );
  const admission = new Admission({
    maxBytes: config.ingest.maxInflightBytes,
    maxQueueMs: config.ingest.maxQueueMs,
    behind: () => log.behind(),
  });
  const prices = PriceTable.load(config.pricesFile);
  return {
    db,
    config,
    logger,
    authenticate,
    prices,
    ingestor,
    log,
    admission,
    writes,
    disk,
    knownSeries: new KnownSeries(),
  };
}
