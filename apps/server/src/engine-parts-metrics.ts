import { type Db, queryRows } from '@spanhouse/db';
import { Gauge, type Registry } from 'prom-client';
import { READ_TIMEOUT_MS } from './engine-memory-metrics.ts';

/**
 * Registers the embedded engine's storage layout per table of the service's database, read from
 * `system.parts` and `system.merges` at each scrape:
 *   - `spanhouse_engine_table_parts{table}`: active parts. Every insert adds one and merges fold
 *     them; a read that merges rows at read time (FINAL, the lists' counts) merges every part's rows
 *     of the keys it reads, so it costs more the more parts a table holds (docs/performance.md);
 *   - `spanhouse_engine_table_rows{table}`: rows of those parts, a row written in pieces counted once
 *     per part until its parts merge;
 *   - `spanhouse_engine_merges_running{table}`: merges in progress.
 * For the embedded engine only, as spanhouse_engine_memory_bytes: a ClickHouse server exports its
 * own. A table with no active part (and no merge) is reported as 0, so a series does not vanish.
 */
export function registerEnginePartsMetrics(registry: Registry, db: Db): void {
  const read = () =>
    queryRows(db, {
      sql: `SELECT t.name AS table, p.parts AS parts, p.rows AS rows, m.merges AS merges
        FROM system.tables AS t
        LEFT JOIN (SELECT table, count() AS parts, sum(rows) AS rows FROM system.parts
          WHERE database = currentDatabase() AND active GROUP BY table) AS p ON p.table = t.name
        LEFT JOIN (SELECT table, count() AS merges FROM system.merges
          WHERE database = currentDatabase() GROUP BY table) AS m ON m.table = t.name
        WHERE t.database = currentDatabase() AND t.engine LIKE '%MergeTree'`,
      tag: 'engine.parts',
      map: (r) => ({ table: String(r.table), parts: Number(r.parts), rows: Number(r.rows), merges: Number(r.merges) }),
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    }).catch(() => undefined);

  // One read serves the three gauges of a scrape: prom-client collects them all at once.
  let pending: ReturnType<typeof read> | undefined;
  const once = () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const gauge = (name: string, help: string, value: (t: { parts: number; rows: number; merges: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['table'] as const,
      registers: [registry],
      async collect() {
        const tables = await once();
        if (!tables) return;
        for (const t of tables) this.set({ table: t.table }, value(t));
      },
    });
  gauge(
    'spanhouse_engine_table_parts',
    'Active parts of each table of the embedded engine (system.parts)',
    (t) => t.parts,
  );
  gauge(
    'spanhouse_engine_table_rows',
    'Rows in the active parts of each table of the embedded engine, before merges fold the pieces of one key',
    (t) => t.rows,
  );
  gauge(
    'spanhouse_engine_merges_running',
    'Merges in progress per table of the embedded engine (system.merges)',
    (t) => t.merges,
  );
}
