import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import { Admission, type Credentials, type ServiceMetrics } from '@spanhouse/http';
import type { FileLayer } from '@spanhouse/ingest-log';
import type { Logger } from 'pino';
import type { IngestDeps } from './deps.ts';
import type { InsertFn, WriterOptions } from './log-sink/background-writer.ts';
import { Ingestor } from './log-sink/ingestor.ts';
import { isPermanentInsertError } from './log-sink/insert-errors.ts';
import { LocalIngestLog } from './log-sink/local-log.ts';
import { KnownSeries } from './metrics/known-series.ts';
import { PriceTable } from './pricing/prices.ts';
import { INGEST_TABLES } from './tables.ts';

/** Rows read from the log ahead of their inserts, at most: twice the largest insert. */
const READ_AHEAD_INSERTS = 2;

export type IngestRuntimeHooks = {
  /** After every insert from the log into ClickHouse (failed ones too). */
  onInsert?: WriterOptions['onInsert'];
  /** Test hook: wraps every insert, e.g. to make writes fail or wait on purpose. */
  wrapInsert?: (insert: InsertFn) => InsertFn;
  /** Test hook: the file layer under the ingest log (to make the disk fail on purpose). */
  logFiles?: FileLayer;
};

/**
 * Builds the ingest dependencies on an open, migrated database: opens (and recovers) this
 * process's ingest log, whose background writer starts replaying at once.
 */
export async function createIngestDeps(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  credentials: Credentials;
  hooks?: IngestRuntimeHooks;
  /** Prometheus self-metrics: rows accepted/rejected, inserts, the log's state. */
  metrics?: ServiceMetrics;
}): Promise<IngestDeps> {
  const { db, config, logger, credentials, metrics } = opts;
  const insert: InsertFn = (table, columns, data) =>
    db.insertText({ table, columns: columns as [string, ...string[]], format: 'TabSeparated', text: data });
  const log = await LocalIngestLog.open({
    dir: config.ingest.logDir,
    maxBytes: config.ingest.logMaxBytes,
    segmentBytes: config.ingest.logSegmentBytes,
    intervalMs: config.ingest.flushIntervalMs,
    maxInsertBytes: config.ingest.flushMaxBytes,
    readAheadBytes: READ_AHEAD_INSERTS * config.ingest.flushMaxBytes,
    insert: opts.hooks?.wrapInsert ? opts.hooks.wrapInsert(insert) : insert,
    isPermanent: isPermanentInsertError,
    fs: opts.hooks?.logFiles,
    logger: logger.child({ module: 'ingest-log' }),
    onSync: (s) => metrics?.observeLogSync(s.seconds, s.ok),
    onInsert(info) {
      if (metrics) {
        if (info.ok) {
          metrics.flushRows.observe({ table: info.table }, info.rows);
          metrics.flushDuration.observe({ table: info.table }, info.seconds);
        } else {
          metrics.flushFailures.inc({ table: info.table });
        }
      }
      opts.hooks?.onInsert?.(info);
    },
    onDeadLetter: (table, rows) => metrics?.deadLetterRows.inc({ table }, rows),
  });
  metrics?.setIngestLogSource(() => log.status());
  const ingestor = new Ingestor(log, INGEST_TABLES, config.ingest.commitTimeoutMs, {
    onAccepted: (table, rows) => metrics?.rowsAccepted.inc({ table }, rows),
    onRejected: (table, rows, reason) => metrics?.rowsRejected.inc({ table, reason }, rows),
  });
  const admission = new Admission({ maxBytes: config.ingest.maxInflightBytes, maxQueueMs: config.ingest.maxQueueMs });
  const prices = PriceTable.load(config.pricesFile);
  return { db, config, logger, credentials, prices, ingestor, log, admission, knownSeries: new KnownSeries() };
}
