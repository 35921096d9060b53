import { type Db, pingDb } from '@spanhouse/db';
import type { ReadinessCheck } from '@spanhouse/http';
import type { DiskGuard } from './log-sink/disk-guard.ts';
import type { LocalIngestLog } from './log-sink/local-log.ts';

const MiB = 1024 * 1024;

/**
 * Readiness of a process that ingests: not ready while it replays its log after a start (rows
 * acknowledged before the stop are not all readable yet) or while its disk refuses the log.
 * ClickHouse being unreachable does not make it unready: it goes on acknowledging into the log,
 * up to the log's budget, and says so. With `db` (a process that also answers queries), ClickHouse
 * must answer as well. With `disk`, low free space keeps it ready (reads go on) with a note that
 * ingest is refused.
 */
export function ingestReadiness(log: LocalIngestLog, db?: Db, disk?: DiskGuard): ReadinessCheck {
  return async () => {
    if (db) await pingDb(db);
    const s = log.status();
    // Ready (reads are answered), and saying why writes are refused.
    const low = disk?.state;
    if (low?.low) {
      const why = `the disk holding ${low.path} has ${Math.floor(low.freeBytes / MiB)} MiB free, below DISK_MIN_FREE_BYTES (${Math.floor(low.minFreeBytes / MiB)} MiB)`;
      return { note: `ingest is refused: ${why}`, ingestRefused: why };
    }
    if (!s.replay.done) {
      return `replaying the ingest log: ${s.replay.replayed} of ${s.replay.records} records read, not all written to ClickHouse yet`;
    }
    if (s.diskFailing) return 'the ingest log cannot write to its disk (full or failing); see the log';
    const ingestLagSeconds = Math.round(s.backlogAgeMs) / 1000;
    if (s.failing) {
      const seconds = Math.round((Date.now() - s.failing.since) / 1000);
      const used = Math.round((100 * s.logBytes) / s.maxBytes);
      return {
        note:
          `ClickHouse has refused inserts for ${seconds} s; ingest goes on into the local log, which holds ` +
          `${Math.round(s.logBytes / MiB)} MiB (${used}% of its ${Math.round(s.maxBytes / MiB)} MiB budget) and drains when ClickHouse answers`,
        ingestLagSeconds,
      };
    }
    if (s.behind) return { note: `${s.behind}; new ingest requests get 429 until it catches up`, ingestLagSeconds };
    return { ingestLagSeconds };
  };
}
