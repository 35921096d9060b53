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
};
