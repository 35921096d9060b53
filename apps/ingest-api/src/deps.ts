import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { Credentials } from '@spanhouse/http';
import type { Logger } from 'pino';
import type { Ingestor } from './buffer/ingestor.ts';
import type { PriceTable } from './pricing/prices.ts';

/** What the ingest routes need; passed in, never imported as singletons. */
export type IngestDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  credentials: Credentials;
  ingestor: Ingestor;
  prices: PriceTable;
  /**
   * Told, before a metrics write is acknowledged, the earliest point time it committed (µs): the
   * all-in-one process drops the PromQL results cached from that time on (see the query API's
   * prometheus/result-cache.ts).
   */
  metricsWritten?: (minUs: number) => void;
};
