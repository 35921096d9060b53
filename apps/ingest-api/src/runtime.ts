import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { Credentials } from '@spanhouse/http';
import type { Logger } from 'pino';
import { Ingestor } from './buffer/ingestor.ts';
import type { IngestDeps } from './deps.ts';
import { PriceTable } from './pricing/prices.ts';

/** Builds the ingest dependencies on an open, migrated database. */
export function createIngestDeps(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  credentials: Credentials;
  hooks?: ConstructorParameters<typeof Ingestor>[3];
}): IngestDeps {
  const { db, config, logger, credentials } = opts;
  return {
    db,
    config,
    logger,
    credentials,
    prices: PriceTable.load(config.pricesFile),
    ingestor: new Ingestor(
      db,
      {
        maxRows: config.ingest.bufferMaxRows,
        flushRows: config.ingest.flushRows,
        flushIntervalMs: config.ingest.flushIntervalMs,
        commitTimeoutMs: config.ingest.commitTimeoutMs,
      },
      logger.child({ module: 'ingest-buffer' }),
      opts.hooks,
    ),
  };
}
