import { TRACE_ROW_TABLES } from '@spanhouse/store';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DiskState } from './disk-guard.ts';
import type { IngestLogStatus } from './local-log.ts';

/**
 * The ingest log's own Prometheus metrics, registered on the service's registry (GET /metrics):
 * rows acknowledged and refused, the log's state at scrape time, its group commits, the inserts
 * into ClickHouse and the rows set aside. Label values are table names and error names, from code.
 */
export type LogMetrics = {
  rowsAccepted: Counter<'table'>;
  rowsRejected: Counter<'table' | 'reason'>;
  deadLetterRows: Counter<'table'>;
  /** Answers that waited for their commit because the writer lagged (pacing). */
  pacedAnswers: Counter;
  /** Per request and table: from acknowledged (durable) to readable, seconds. */
  commitLag: Histogram<'table'>;
  /** Records one group commit of the log (a write and an fdatasync). */
  observeSync(seconds: number, ok: boolean): void;
  /** Records one insert from the log into ClickHouse. */
  observeInsert(info: { table: string; rows: number; seconds: number; ok: boolean }): void;
  /** Where the state gauges read their values at scrape time. */
  readStatus(source: () => IngestLogStatus): void;
  /** Where the disk gauges read theirs. */
  readDisk(source: () => DiskState): void;
  /**
   * Where the unsettled tombstones' gauges read their counts: of every trace table (no table
   * given), or of one (undefined: this writer does not settle).
   */
  readUnsettledTombstones(source: (table?: string) => number | undefined): void;
};

const STATE_GAUGES: [string, string, (s: IngestLogStatus) => number][] = [
  ['spanhouse_ingest_log_bytes', 'Bytes of the ingest log on disk (its segments)', (s) => s.logBytes],
  ['spanhouse_ingest_log_budget_bytes', 'Disk budget of the ingest log (INGEST_LOG_MAX_BYTES)', (s) => s.maxBytes],
  [
    'spanhouse_ingest_log_uncommitted_records',
    'Records acknowledged into the ingest log and not yet committed to ClickHouse by every table',
    (s) => s.uncommittedRecords,
  ],
  [
    'spanhouse_ingest_log_backlog_age_seconds',
    'Age of the oldest row read from the ingest log and waiting for its insert',
    (s) => s.backlogAgeMs / 1000,
  ],
  [
    'spanhouse_ingest_log_replay_records',
    'Records found in the ingest log at start that were not yet committed (replayed)',
    (s) => s.replay.records,
  ],
  [
    'spanhouse_ingest_log_replayed_records',
    'Of the records to replay at start, those read back so far',
    (s) => s.replay.replayed,
  ],
  [
    'spanhouse_ingest_log_torn_tails',
    'Torn records cut off the end of a segment at start (a write a crash interrupted)',
    (s) => s.replay.tornTails,
  ],
  [
    'spanhouse_ingest_log_corrupt_segments',
    'Segments with a damaged record inside, moved aside at start (whole records kept)',
    (s) => s.replay.corruptSegments,
  ],
];

export function registerLogMetrics(registry: Registry): LogMetrics {
  let status: (() => IngestLogStatus) | undefined;
  for (const [name, help, read] of STATE_GAUGES) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (status) this.set(read(status()));
      },
    });
  }
  let disk: (() => DiskState) | undefined;
  const DISK_GAUGES: [string, string, (d: DiskState) => number][] = [
    [
      'spanhouse_disk_free_bytes',
      'Free bytes of the fullest volume holding the ingest log or the data folder',
      (d) => d.freeBytes,
    ],
    ['spanhouse_disk_min_free_bytes', 'DISK_MIN_FREE_BYTES: below it, ingest is refused', (d) => d.minFreeBytes],
    [
      'spanhouse_ingest_refused_low_disk',
      '1 while ingest is refused because free disk space is low',
      (d) => (d.low ? 1 : 0),
    ],
  ];
  for (const [name, help, read] of DISK_GAUGES) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (disk) this.set(read(disk()));
      },
    });
  }
  let unsettled: ((table?: string) => number | undefined) | undefined;
  new Gauge({
    name: 'spanhouse_tombstones_unsettled_batches',
    help: "Inserts of deleted traces' tombstones not settled yet (decision 0090): the trace reads of their projects look every row up until they are; NaN where tombstones are never settled (a ClickHouse server)",
    registers: [registry],
    collect() {
      if (unsettled) this.set(unsettled() ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'spanhouse_tombstones_unsettled_batches_by_table',
    help: "Of those, the ones not settled yet in one trace table (decision 0095): that table's scans look every row of their projects up until they are; NaN where tombstones are never settled",
    labelNames: ['table'],
    registers: [registry],
    collect() {
      if (!unsettled) return;
      for (const table of TRACE_ROW_TABLES) this.set({ table }, unsettled(table) ?? Number.NaN);
    },
  });
  const sync = new Histogram({
    name: 'spanhouse_ingest_log_sync_duration_seconds',
    help: 'Duration of the ingest log group commits (one write and fdatasync shared by every waiting request)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [registry],
  });
  const syncFailures = new Counter({
    name: 'spanhouse_ingest_log_sync_failures_total',
    help: 'Group commits of the ingest log whose write or fdatasync failed (their requests got 503)',
    registers: [registry],
  });
  const flushRows = new Histogram({
    name: 'spanhouse_ingest_flush_rows',
    help: 'Rows per insert from the ingest log into ClickHouse, by table',
    labelNames: ['table'] as const,
    buckets: [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000],
    registers: [registry],
  });
  const flushDuration = new Histogram({
    name: 'spanhouse_ingest_flush_duration_seconds',
    help: 'Duration of successful inserts, by table',
    labelNames: ['table'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const flushFailures = new Counter({
    name: 'spanhouse_ingest_flush_failures_total',
    help: 'Inserts that failed (each retry counts), by table',
    labelNames: ['table'] as const,
    registers: [registry],
  });
  return {
    rowsAccepted: new Counter({
      name: 'spanhouse_ingest_rows_accepted_total',
      help: 'Rows acknowledged (durable in the ingest log), by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    rowsRejected: new Counter({
      name: 'spanhouse_ingest_rows_rejected_total',
      help: 'Rows of requests the ingest log refused, by table and reason',
      labelNames: ['table', 'reason'] as const,
      registers: [registry],
    }),
    commitLag: new Histogram({
      name: 'spanhouse_ingest_commit_lag_seconds',
      help: 'Time from a request being acknowledged (durable) to its rows being readable, per request and table',
      labelNames: ['table'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 0.75, 1, 2, 3, 5, 10, 30, 60],
      registers: [registry],
    }),
    pacedAnswers: new Counter({
      name: 'spanhouse_ingest_paced_answers_total',
      help: 'Ingest answers that waited for their rows to be readable because the writer lagged (INGEST_PACE_BACKLOG_MS)',
      registers: [registry],
    }),
    deadLetterRows: new Counter({
      name: 'spanhouse_ingest_dead_letter_rows_total',
      help: 'Acknowledged rows ClickHouse refused for good, kept in the log directory (dead-letter/), by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    observeSync(seconds, ok) {
      if (ok) sync.observe(seconds);
      else syncFailures.inc();
    },
    observeInsert({ table, rows, seconds, ok }) {
      if (ok) {
        flushRows.observe({ table }, rows);
        flushDuration.observe({ table }, seconds);
      } else {
        flushFailures.inc({ table });
      }
    },
    readStatus(source) {
      status = source;
    },
    readDisk(source) {
      disk = source;
    },
    readUnsettledTombstones(source) {
      unsettled = source;
    },
  };
}
