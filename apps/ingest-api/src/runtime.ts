import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { Credentials, ServiceMetrics } from '@spanhouse/http';
import type { Logger } from 'pino';
import { type IngestHooks, Ingestor } from './buffer/ingestor.ts';
import type { IngestDeps } from './deps.ts';
import { PriceTable } from './pricing/prices.ts';

/** Builds the ingest dependencies on an open, migrated database. */
export function createIngestDeps(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  credentials: Credentials;
  hooks?: IngestHooks;
  /** Prometheus metrics: rows accepted/rejected, flushes, buffer depth. */
  metrics?: ServiceMetrics;
}): IngestDeps {
  const { db, config, logger, credentials } = opts;
  const hooks = opts.metrics ? withMetrics(opts.metrics, opts.hooks) : opts.hooks;
  const deps: IngestDeps = {
    db,
    config,
    logger,
    credentials,
    prices: PriceTable.load(config.pricesFile),
    ingestor: new Ingestor(
      db,
      {
        maxRows: config.ingest.bufferMaxRows,
        maxBytes: config.ingest.bufferMaxBytes,
        flushRows: config.ingest.flushRows,
        flushIntervalMs: config.ingest.flushIntervalMs,
        commitTimeoutMs: config.ingest.commitTimeoutMs,
      },
      logger.child({ module: 'ingest-buffer' }),
      hooks,
    ),
  };
  opts.metrics?.setBufferSource(() => deps.ingestor.loads());
  return deps;
}

/** The ingest hooks that feed the Prometheus metrics, around any hooks a test passes. */
function withMetrics(metrics: ServiceMetrics, inner: IngestHooks = {}): IngestHooks {
  return {
    ...inner,
    onAccepted(table, rows) {
      metrics.rowsAccepted.inc({ table }, rows);
      inner.onAccepted?.(table, rows);
    },
    onRejected(table, rows, reason) {
      metrics.rowsRejected.inc({ table, reason }, rows);
      inner.onRejected?.(table, rows, reason);
    },
    onFlush(info) {
      if (info.ok) {
        metrics.flushRows.observe({ table: info.table }, info.rows);
        metrics.flushDuration.observe({ table: info.table }, info.ms / 1000);
      } else {
        metrics.flushFailures.inc({ table: info.table });
      }
      inner.onFlush?.(info);
    },
  };
}
