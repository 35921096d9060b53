import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { IngestLogStatus } from '../../src/log-sink/local-log.ts';
import { registerLogMetrics } from '../../src/log-sink/log-metrics.ts';

describe('the ingest log metrics', () => {
  it('report the log state they read at scrape time, its group commits, inserts and refusals', async () => {
    const registry = new Registry();
    const m = registerLogMetrics(registry);
    const status: IngestLogStatus = {
      logBytes: 4096,
      maxBytes: 1 << 30,
      uncommittedRecords: 12,
      backlogAgeMs: 1500,
      replay: { records: 40, replayed: 30, done: false, tornTails: 1, corruptSegments: 2 },
      deadLetters: 0,
    };
    m.readStatus(() => status);
    m.observeSync(0.0004, true);
    m.observeSync(0.2, false);
    m.observeInsert({ table: 'traces', rows: 10, seconds: 0.01, ok: true });
    m.observeInsert({ table: 'traces', rows: 10, seconds: 0.01, ok: false });
    m.rowsAccepted.inc({ table: 'traces' }, 5);
    m.rowsRejected.inc({ table: 'traces', reason: 'LogFullError' }, 2);
    m.deadLetterRows.inc({ table: 'scores' }, 1);
    const text = await registry.metrics();
    expect(text).toContain('spanhouse_ingest_log_bytes 4096');
    expect(text).toContain('spanhouse_ingest_log_budget_bytes 1073741824');
    expect(text).toContain('spanhouse_ingest_log_uncommitted_records 12');
    expect(text).toContain('spanhouse_ingest_log_backlog_age_seconds 1.5');
    expect(text).toContain('spanhouse_ingest_log_replay_records 40');
    expect(text).toContain('spanhouse_ingest_log_replayed_records 30');
    expect(text).toContain('spanhouse_ingest_log_torn_tails 1');
    expect(text).toContain('spanhouse_ingest_log_corrupt_segments 2');
    expect(text).toContain('spanhouse_ingest_log_sync_duration_seconds_count 1');
    expect(text).toContain('spanhouse_ingest_log_sync_failures_total 1');
    expect(text).toContain('spanhouse_ingest_flush_rows_count{table="traces"} 1');
    expect(text).toContain('spanhouse_ingest_flush_failures_total{table="traces"} 1');
    expect(text).toContain('spanhouse_ingest_rows_accepted_total{table="traces"} 5');
    expect(text).toContain('spanhouse_ingest_rows_rejected_total{table="traces",reason="LogFullError"} 2');
    expect(text).toContain('spanhouse_ingest_dead_letter_rows_total{table="scores"} 1');
  });
});
