import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { Admission, Authenticate } from '@spanhouse/http';
import type { WriteNotices } from '@spanhouse/store';
import type { Logger } from 'pino';
import type { DiskGuard } from './log-sink/disk-guard.ts';
import type { Ingestor } from './log-sink/ingestor.ts';
import type { LocalIngestLog } from './log-sink/local-log.ts';
import type { KnownSeries } from './metrics/known-series.ts';
import type { PriceTable } from './pricing/prices.ts';

/** What the ingest routes need; passed in, never imported as singletons. */
export type IngestDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  /** The credential check every transport uses (the HTTP routes get it through the base app). */
  authenticate: Authenticate;
  ingestor: Ingestor;
  /** This process's ingest log: its state for /readyz and /metrics, and its close at shutdown. */
  log: LocalIngestLog;
  prices: PriceTable;
  /** The free space of the log's and the data's volumes; ingest is refused while it is low. */
  disk: DiskGuard;
  /** Admission control shared by every ingest route of this process, HTTP and gRPC. */
  admission: Admission;
  /** The series ids every metrics path of this process has seen (batch, remote write, OTLP over HTTP and gRPC). */
  knownSeries: KnownSeries;
  /** Where this process tells of its writes (the all-in-one process: its query caches listen). */
  writes?: WriteNotices;
};
